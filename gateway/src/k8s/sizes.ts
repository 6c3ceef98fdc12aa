/**
 * How big each kind of workload is: the base's values and the two overlays (a small and a large
 * installation). The overlays are kustomize JSON patches (RFC 6902) aimed by kind and label, so
 * one patch covers every service; render.ts applies the same patches for the rendered files.
 */
import type { AppKind } from './apps';

export interface Resources {
  requests: { cpu: string; memory: string };
  limits: { cpu: string; memory: string };
}

export interface KindSize {
  resources: Resources;
  /** HorizontalPodAutoscaler bounds (services and the gateway). */
  minReplicas?: number;
  maxReplicas?: number;
  /** A fixed replica count (static apps, which have no autoscaler). */
  replicas?: number;
}

export type Sizes = Record<AppKind, KindSize>;

/** Average CPU use, as a share of the request, the autoscalers aim for. */
export const HPA_CPU_UTILIZATION = 70;

const res = (cpu: string, memory: string, cpuLimit: string, memoryLimit: string): Resources => ({
  requests: { cpu, memory },
  limits: { cpu: cpuLimit, memory: memoryLimit },
});

/** The base: a medium installation, two of everything so a restart or a drain loses nothing. */
export const BASE_SIZES: Sizes = {
  service: { resources: res('200m', '256Mi', '1', '512Mi'), minReplicas: 2, maxReplicas: 6 },
  static: { resources: res('20m', '32Mi', '200m', '64Mi'), replicas: 2 },
  gateway: { resources: res('100m', '64Mi', '1', '256Mi'), minReplicas: 2, maxReplicas: 4 },
};

export const OVERLAYS = {
  /** A team's installation on a small cluster: one pod each, room to grow a little. */
  small: {
    service: { resources: res('50m', '160Mi', '500m', '384Mi'), minReplicas: 1, maxReplicas: 3 },
    static: { resources: res('10m', '16Mi', '100m', '64Mi'), replicas: 1 },
    gateway: { resources: res('50m', '32Mi', '500m', '128Mi'), minReplicas: 1, maxReplicas: 2 },
  },
  /** Many teams: three of each to start (one per zone), autoscaled well past that. */
  large: {
    service: { resources: res('500m', '384Mi', '2', '1Gi'), minReplicas: 3, maxReplicas: 20 },
    static: { resources: res('50m', '32Mi', '500m', '128Mi'), replicas: 3 },
    gateway: { resources: res('250m', '128Mi', '2', '512Mi'), minReplicas: 3, maxReplicas: 10 },
  },
} satisfies Record<string, Sizes>;

export type OverlayName = keyof typeof OVERLAYS;
export const OVERLAY_NAMES = Object.keys(OVERLAYS) as OverlayName[];

export interface PatchOp {
  op: 'replace';
  path: string;
  value: unknown;
}

/** A kustomize `patches:` entry: JSON patch operations on every object the target selects. */
export interface Patch {
  target: { kind: string; labelSelector: string };
  ops: PatchOp[];
}

const byKind = (kind: AppKind) => `app.kubernetes.io/component=${kind}`;

/** The patches that turn the base into an overlay of the given sizes. */
export function overlayPatches(sizes: Sizes): Patch[] {
  const patches: Patch[] = [];
  for (const kind of ['service', 'static', 'gateway'] as const) {
    const size = sizes[kind];
    const deployment: PatchOp[] = [{ op: 'replace', path: '/spec/template/spec/containers/0/resources', value: size.resources }];
    if (size.replicas !== undefined) deployment.push({ op: 'replace', path: '/spec/replicas', value: size.replicas });
    patches.push({ target: { kind: 'Deployment', labelSelector: byKind(kind) }, ops: deployment });
    if (size.minReplicas !== undefined && size.maxReplicas !== undefined) {
      patches.push({
        target: { kind: 'HorizontalPodAutoscaler', labelSelector: byKind(kind) },
        ops: [
          { op: 'replace', path: '/spec/minReplicas', value: size.minReplicas },
          { op: 'replace', path: '/spec/maxReplicas', value: size.maxReplicas },
        ],
      });
    }
  }
  return patches;
}
