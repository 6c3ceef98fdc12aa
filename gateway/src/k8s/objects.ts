/**
 * The Kubernetes objects of one workload (apps.ts), built with kubernetes-models' typed classes
 * at the base's sizes (sizes.ts). Pure: render.ts turns them into files.
 */
import { createHash } from 'node:crypto';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import {
  ConfigMap,
  Service,
  type IContainer,
  type IEnvVar,
  type IPodSpec,
  type IProbe,
  type IVolume,
  type IVolumeMount,
} from 'kubernetes-models/v1';
import { generateNginxConf } from '../nginx';
import {
  image,
  labels,
  NGINX_UID,
  NODE_UID,
  peerEnv,
  PRE_STOP_SECONDS,
  secretKeysOf,
  SECRET_NAME,
  selector,
  SETTINGS_CONFIGMAP,
  STATIC_UNPRIVILEGED_PORT,
  TERMINATION_GRACE_SECONDS,
  type K8sApp,
} from './apps';
import { BASE_SIZES, HPA_CPU_UTILIZATION } from './sizes';

export type K8sObject = ConfigMap | Deployment | Service | HorizontalPodAutoscaler | PodDisruptionBudget;

export const PORT_NAME = 'http';
export const READINESS_PATH = { service: '/readyz', static: '/healthz', gateway: '/healthz' } as const;
export const LIVENESS_PATH = '/healthz';

/** The nginx config a ConfigMap carries, and where the container reads it. */
export interface NginxConfig {
  configMap: string;
  key: string;
  mountPath: string;
  text: string;
}

export function nginxConfigOf(app: K8sApp): NginxConfig | undefined {
  if (app.kind === 'gateway') {
    // Services are named like the compose containers, so the compose target's upstreams resolve.
    return { configMap: `${app.name}-nginx`, key: 'nginx.conf', mountPath: '/etc/nginx/nginx.conf', text: generateNginxConf('compose') };
  }
  if (app.kind === 'static') {
    return {
      configMap: `${app.name}-nginx`,
      key: 'default.conf',
      mountPath: '/etc/nginx/conf.d/default.conf',
      text: generateNginxConf('static', { listenPort: STATIC_UNPRIVILEGED_PORT }),
    };
  }
  return undefined;
}

const probe = (path: string, periodSeconds: number, failureThreshold: number): IProbe => ({
  httpGet: { path, port: PORT_NAME },
  periodSeconds,
  timeoutSeconds: 3,
  failureThreshold,
});

function serviceEnv(app: K8sApp): IEnvVar[] {
  const s = app.service!;
  const plain: Record<string, string> = {
    PORT: String(app.containerPort),
    // The kit listens on 127.0.0.1 unless told otherwise; kubelet and peers dial the pod's IP.
    HOST: '0.0.0.0',
    NODE_ENV: 'production',
    ...peerEnv(s),
  };
  return [
    ...Object.entries(plain).map(([name, value]) => ({ name, value })),
    ...secretKeysOf(s).map(({ key, optional }) => ({
      name: key,
      valueFrom: { secretKeyRef: { name: SECRET_NAME, key, ...(optional && { optional: true }) } },
    })),
  ];
}

function container(app: K8sApp, mounts: IVolumeMount[]): IContainer {
  const isService = app.kind === 'service';
  return {
    name: app.name,
    image: image(app),
    ports: [{ name: PORT_NAME, containerPort: app.containerPort, protocol: 'TCP' }],
    ...(isService && {
      env: serviceEnv(app),
      envFrom: [{ configMapRef: { name: SETTINGS_CONFIGMAP, optional: true } }],
      // Migrations run before a service listens: give them minutes before liveness counts.
      startupProbe: probe(LIVENESS_PATH, 5, 60),
    }),
    // GATEWAY_TRUSTED_PROXIES (the Ingress controller's pods), read by gateway/trusted-proxies.sh.
    ...(app.kind === 'gateway' && { envFrom: [{ configMapRef: { name: SETTINGS_CONFIGMAP, optional: true } }] }),
    readinessProbe: probe(READINESS_PATH[app.kind], 5, 2),
    livenessProbe: probe(LIVENESS_PATH, 10, 3),
    // Endpoints are removed while this sleeps; SIGTERM (nginx: SIGQUIT, the image's STOPSIGNAL) comes after.
    lifecycle: { preStop: { exec: { command: ['sleep', String(PRE_STOP_SECONDS)] } } },
    resources: BASE_SIZES[app.kind].resources,
    securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
    volumeMounts: mounts,
  };
}

/** Writable directories on a read-only root: /tmp everywhere, nginx's pid and cache for static apps. */
function volumes(app: K8sApp, config: NginxConfig | undefined): { volumes: IVolume[]; mounts: IVolumeMount[] } {
  const dirs: Array<[string, string]> = [['tmp', '/tmp']];
  if (app.kind === 'static') dirs.push(['run', '/run'], ['nginx-cache', '/var/cache/nginx']);
  const vols: IVolume[] = dirs.map(([name]) => ({ name, emptyDir: { sizeLimit: app.kind === 'service' ? '512Mi' : '64Mi' } }));
  const mounts: IVolumeMount[] = dirs.map(([name, mountPath]) => ({ name, mountPath }));
  if (config) {
    vols.push({ name: 'nginx-conf', configMap: { name: config.configMap } });
    mounts.push({ name: 'nginx-conf', mountPath: config.mountPath, subPath: config.key, readOnly: true });
  }
  return { volumes: vols, mounts };
}

export function deploymentOf(app: K8sApp): Deployment {
  const config = nginxConfigOf(app);
  const { volumes: vols, mounts } = volumes(app, config);
  const uid = app.kind === 'service' ? NODE_UID : NGINX_UID;
  const spread = (topologyKey: string) => ({
    maxSkew: 1,
    topologyKey,
    whenUnsatisfiable: 'ScheduleAnyway' as const,
    labelSelector: { matchLabels: selector(app) },
  });
  const pod: IPodSpec = {
    automountServiceAccountToken: false,
    // No SVC_FILES_PORT-style variables: every address a service needs is set explicitly.
    enableServiceLinks: false,
    terminationGracePeriodSeconds: TERMINATION_GRACE_SECONDS,
    securityContext: { runAsNonRoot: true, runAsUser: uid, runAsGroup: uid, fsGroup: uid, seccompProfile: { type: 'RuntimeDefault' } },
    topologySpreadConstraints: [spread('topology.kubernetes.io/zone'), spread('kubernetes.io/hostname')],
    containers: [container(app, mounts)],
    volumes: vols,
  };
  // A changed nginx config changes the pod template, so applying it rolls the pods (subPath
  // mounts are never refreshed in place).
  const annotations = config && { 'career-workspace/nginx-conf-sha256': createHash('sha256').update(config.text).digest('hex') };
  const replicas = BASE_SIZES[app.kind].replicas;
  return new Deployment({
    metadata: { name: app.name, labels: labels(app) },
    spec: {
      // Under an autoscaler the Deployment names no count: applying it again must not reset the HPA's.
      ...(replicas !== undefined && { replicas }),
      revisionHistoryLimit: 5,
      selector: { matchLabels: selector(app) },
      // A new pod is ready before an old one goes: a rollout never lowers capacity.
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: { metadata: { labels: labels(app), ...(annotations && { annotations }) }, spec: pod },
    },
  });
}

export function serviceOf(app: K8sApp): Service {
  return new Service({
    metadata: { name: app.name, labels: labels(app) },
    spec: {
      type: 'ClusterIP',
      selector: selector(app),
      ports: [{ name: PORT_NAME, port: app.port, targetPort: PORT_NAME, protocol: 'TCP' }],
    },
  });
}

export function autoscalerOf(app: K8sApp): HorizontalPodAutoscaler | undefined {
  const { minReplicas, maxReplicas } = BASE_SIZES[app.kind];
  if (minReplicas === undefined || maxReplicas === undefined) return undefined;
  return new HorizontalPodAutoscaler({
    metadata: { name: app.name, labels: labels(app) },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: app.name },
      minReplicas,
      maxReplicas,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: HPA_CPU_UTILIZATION } } }],
    },
  });
}

export function disruptionBudgetOf(app: K8sApp): PodDisruptionBudget {
  return new PodDisruptionBudget({
    metadata: { name: app.name, labels: labels(app) },
    // One pod at a time, never zero: with a single replica a node drain still proceeds.
    spec: { maxUnavailable: 1, selector: { matchLabels: selector(app) } },
  });
}

export function configMapOf(app: K8sApp): ConfigMap | undefined {
  const config = nginxConfigOf(app);
  return config && new ConfigMap({ metadata: { name: config.configMap, labels: labels(app) }, data: { [config.key]: config.text } });
}

/** Every object of one workload, in apply order (config first). */
export function objectsOf(app: K8sApp): K8sObject[] {
  return [configMapOf(app), deploymentOf(app), serviceOf(app), autoscalerOf(app), disruptionBudgetOf(app)].filter(
    (o): o is K8sObject => o !== undefined,
  );
}
