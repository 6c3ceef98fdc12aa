/**
 * deploy/k8s, read back from the committed files: what the generator writes, every object valid
 * against the Kubernetes schemas (kubernetes-models), and wired together (selectors, ports,
 * config, Secret, probes) in the base and in each rendered overlay.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml, parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Service, type IContainer } from 'kubernetes-models/v1';
import { DEFAULT_GRACE_MS } from '@cc/service-kit';
import { freshDatabase, startTestService, type RunningService, type TestDatabase } from '@cc/service-kit/testing';
import { generateNginxConf } from '../nginx';
import { repoRoot } from '../nginx.harness';
import { APPS, SECRET_KEYS, SECRET_NAME, SERVICE_APPS, STATIC_UNPRIVILEGED_PORT } from './apps';
import { LIVENESS_PATH, READINESS_PATH } from './objects';
import { K8S_DIR, k8sFiles, type Manifest } from './render';
import { OVERLAYS, OVERLAY_NAMES, type Sizes } from './sizes';

const MODELS: Record<string, { new (data: never): { validate(): void } }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

function listFiles(dir: string): string[] {
  return readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(`${dir}/${e.name}`) : [`${dir}/${e.name}`],
  );
}

const read = (rel: string) => readFileSync(path.join(repoRoot, rel), 'utf8');

/** The objects of every workload file in a directory, as kubectl would read them. */
function objectsIn(dir: string): Manifest[] {
  return listFiles(dir)
    .filter((f) => f.endsWith('.yaml') && !f.endsWith('kustomization.yaml'))
    .flatMap((f) => parseAllDocuments(read(f)).map((d) => d.toJS() as Manifest));
}

const SERVICE_COUNT = SERVICE_APPS.length;
const SETS = ['base', ...OVERLAY_NAMES.map((o) => `rendered/${o}`)];
const of = (objects: Manifest[], kind: string) => objects.filter((o) => o.kind === kind) as Array<Manifest & { spec: any; data?: any }>;
const containerOf = (d: Manifest & { spec: any }) => d.spec.template.spec.containers[0] as IContainer;
const matchesLabels = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);

describe('deploy/k8s', () => {
  it('is what `npm run gen:k8s` writes, and nothing else', () => {
    const files = k8sFiles();
    expect(listFiles(K8S_DIR).sort()).toEqual(Object.keys(files).sort());
    const stale = Object.entries(files)
      .filter(([rel, text]) => read(rel) !== text)
      .map(([rel]) => `${rel}: stale (run npm run gen:k8s)`);
    expect(stale).toEqual([]);
  });

  it('the validator refuses a broken object (so the checks below can fail)', () => {
    const broken = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'x' }, spec: { template: {} } };
    expect(() => new Deployment(broken as never).validate()).toThrow(/selector/);
  });

  it('the overlays patch only what the base has, and each kustomization names files that exist', () => {
    const base = parseYaml(read(`${K8S_DIR}/base/kustomization.yaml`)) as { resources: string[] };
    expect(base.resources.sort()).toEqual(APPS.map((a) => `${a.name}.yaml`).sort());
    for (const overlay of OVERLAY_NAMES) {
      const k = parseYaml(read(`${K8S_DIR}/overlays/${overlay}/kustomization.yaml`)) as { resources: string[]; patches: unknown[] };
      expect(k.resources).toEqual(['../../base']);
      expect(k.patches.length).toBeGreaterThan(0);
    }
  });

  describe.each(SETS)('%s', (set) => {
    const objects = objectsIn(`${K8S_DIR}/${set}`);
    const deployments = of(objects, 'Deployment');

    it('every object is valid against the Kubernetes schemas (kubernetes-models)', () => {
      expect(objects.length).toBeGreaterThan(APPS.length * 3);
      for (const o of objects) {
        const Model = MODELS[`${o.apiVersion}/${o.kind}`];
        expect(`${o.kind}/${o.metadata.name}: ${Model ? 'known' : 'unknown kind'}`).toBe(`${o.kind}/${o.metadata.name}: known`);
        expect(() => new Model!(o as never).validate()).not.toThrow();
      }
    });

    it('a Deployment, a Service and a disruption budget per workload; an autoscaler per service and the gateway', () => {
      for (const kind of ['Deployment', 'Service', 'PodDisruptionBudget']) {
        expect(
          of(objects, kind)
            .map((o) => o.metadata.name)
            .sort(),
        ).toEqual(APPS.map((a) => a.name).sort());
      }
      const scaled = APPS.filter((a) => a.kind !== 'static').map((a) => a.name);
      expect(
        of(objects, 'HorizontalPodAutoscaler')
          .map((o) => o.metadata.name)
          .sort(),
      ).toEqual(scaled.sort());
      expect(of(objects, 'Secret')).toEqual([]);
    });

    it("each Service and budget selects its Deployment's pods, on a port the container names", () => {
      for (const d of deployments) {
        const labels = d.spec.template.metadata.labels as Record<string, string>;
        expect(matchesLabels(d.spec.selector.matchLabels, labels)).toBe(true);
        const svc = of(objects, 'Service').find((s) => s.metadata.name === d.metadata.name)!;
        expect(matchesLabels(svc.spec.selector, labels)).toBe(true);
        const others = deployments.filter((o) => o !== d && matchesLabels(svc.spec.selector, o.spec.template.metadata.labels));
        expect(others).toEqual([]);
        const portNames = (containerOf(d).ports ?? []).map((p) => p.name);
        for (const port of svc.spec.ports) expect(portNames).toContain(port.targetPort);
        for (const probe of [containerOf(d).readinessProbe, containerOf(d).livenessProbe, containerOf(d).startupProbe]) {
          if (probe) expect(portNames).toContain(probe.httpGet!.port);
        }
        const pdb = of(objects, 'PodDisruptionBudget').find((p) => p.metadata.name === d.metadata.name)!;
        expect(matchesLabels(pdb.spec.selector.matchLabels, labels)).toBe(true);
      }
      for (const hpa of of(objects, 'HorizontalPodAutoscaler')) {
        const target = deployments.find((d) => d.metadata.name === hpa.spec.scaleTargetRef.name)!;
        expect(target).toBeDefined();
        // A replica count in the Deployment would reset the autoscaler's on every apply.
        expect(target.spec.replicas).toBeUndefined();
      }
    });

    it("every upstream of the gateway's nginx config is a Service here, on that port", () => {
      const conf = of(objects, 'ConfigMap').find((c) => c.metadata.name === 'gateway-nginx')!.data['nginx.conf'] as string;
      const upstreams = [...conf.matchAll(/^\s*server ([a-z-]+):(\d+)[ ;]/gm)].map(([, host, port]) => `${host}:${port}`);
      expect(upstreams.length).toBe(APPS.length - 1);
      const services = of(objects, 'Service').flatMap((s) => s.spec.ports.map((p: { port: number }) => `${s.metadata.name}:${p.port}`));
      for (const u of upstreams) expect(services).toContain(u);
    });

    it('every peer URL a service gets is a Service here, on that port', () => {
      const services = of(objects, 'Service').flatMap((s) => s.spec.ports.map((p: { port: number }) => `${s.metadata.name}:${p.port}`));
      const urls = deployments.flatMap((d) => (containerOf(d).env ?? []).filter((e) => /_URL$/.test(e.name) && e.value));
      expect(urls.length).toBeGreaterThan(SERVICE_COUNT);
      for (const { name, value } of urls) expect(`${name} ${services.includes(new URL(value!).host)}`).toBe(`${name} true`);
    });

    it("the nginx ConfigMaps carry the nginx generator's output, mounted where the image reads it, the pods marked with its hash", () => {
      for (const d of deployments.filter((x) => x.metadata.labels?.['app.kubernetes.io/component'] !== 'service')) {
        const gateway = d.metadata.name === 'gateway';
        const [key, text] = gateway
          ? ['nginx.conf', generateNginxConf('compose')]
          : ['default.conf', generateNginxConf('static', { listenPort: STATIC_UNPRIVILEGED_PORT })];
        const cm = of(objects, 'ConfigMap').find((c) => c.metadata.name === `${d.metadata.name}-nginx`)!;
        expect(cm.data[key]).toBe(text);
        expect(text).toContain(`location = ${LIVENESS_PATH} {`);
        const volume = d.spec.template.spec.volumes.find((v: { configMap?: { name: string } }) => v.configMap?.name === cm.metadata.name);
        const mount = containerOf(d).volumeMounts!.find((m) => m.name === volume.name)!;
        expect(mount).toMatchObject({ subPath: key, mountPath: gateway ? '/etc/nginx/nginx.conf' : '/etc/nginx/conf.d/default.conf' });
        const hash = createHash('sha256').update(text).digest('hex');
        expect(d.spec.template.metadata.annotations['career-workspace/nginx-conf-sha256']).toBe(hash);
      }
    });

    it('every secretKeyRef names the one Secret and a key .env.example documents; none carries a value', () => {
      const envExample = read('.env.example');
      const refs = deployments.flatMap((d) => (containerOf(d).env ?? []).filter((e) => e.valueFrom?.secretKeyRef));
      expect(refs.length).toBeGreaterThan(0);
      for (const { name, valueFrom } of refs) {
        const ref = valueFrom!.secretKeyRef!;
        expect(ref.name).toBe(SECRET_NAME);
        expect(ref.key).toBe(name);
        expect(SECRET_KEYS.map((k) => k.key)).toContain(ref.key);
        expect(envExample).toMatch(new RegExp(`^${ref.key}=`, 'm'));
      }
      const plainNames = deployments.flatMap((d) => (containerOf(d).env ?? []).filter((e) => e.value !== undefined).map((e) => e.name));
      for (const { key } of SECRET_KEYS) expect(plainNames).not.toContain(key);
      for (const d of of(objects, 'Deployment').filter((x) => x.metadata.name.startsWith('svc-'))) {
        const required = (containerOf(d).env ?? []).filter((e) => e.valueFrom?.secretKeyRef && !e.valueFrom.secretKeyRef.optional);
        expect(required.map((e) => e.name).sort()).toEqual(['DATABASE_URL', 'SESSION_SECRET']);
      }
    });

    it("leaves each pod its preStop pause and the kit's shutdown grace before SIGKILL", () => {
      for (const d of deployments) {
        const [command, seconds] = containerOf(d).lifecycle!.preStop!.exec!.command!;
        expect(command).toBe('sleep');
        expect(Number(seconds)).toBeGreaterThan(0);
        expect(d.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(Number(seconds) + DEFAULT_GRACE_MS / 1000);
      }
    });

    it('runs nothing as root, on a read-only root file system, with requests and limits', () => {
      for (const d of deployments) {
        expect(d.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
        expect(d.spec.template.spec.securityContext.runAsUser).toBeGreaterThan(0);
        expect(containerOf(d).securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
        const { requests, limits } = containerOf(d).resources!;
        expect(Object.keys(requests ?? {}).sort()).toEqual(['cpu', 'memory']);
        expect(Object.keys(limits ?? {}).sort()).toEqual(['cpu', 'memory']);
      }
    });

    if (set.startsWith('rendered/')) {
      const sizes: Sizes = OVERLAYS[set.slice('rendered/'.length) as keyof typeof OVERLAYS];
      it("has the overlay's sizes", () => {
        for (const d of deployments) {
          const kind = d.metadata.labels!['app.kubernetes.io/component'] as keyof typeof sizes;
          expect(containerOf(d).resources).toEqual(sizes[kind].resources);
          expect(d.spec.replicas).toBe(sizes[kind].replicas);
        }
        for (const hpa of of(objects, 'HorizontalPodAutoscaler')) {
          const kind = hpa.metadata.labels!['app.kubernetes.io/component'] as keyof typeof sizes;
          expect([hpa.spec.minReplicas, hpa.spec.maxReplicas]).toEqual([sizes[kind].minReplicas, sizes[kind].maxReplicas]);
        }
      });
    }
  });

  it("gives each service the peer URLs docker-compose.yml gives it, at the peer's Service", () => {
    const compose = parseYaml(read('docker-compose.yml'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, unknown> }>;
    };
    for (const d of of(objectsIn(`${K8S_DIR}/base`), 'Deployment').filter((x) => x.metadata.name.startsWith('svc-'))) {
      const urls = (env: Array<[string, unknown]>) =>
        Object.fromEntries(env.filter(([k]) => /^[A-Z]+_URL$/.test(k) && k !== 'DATABASE_URL'));
      const composeEnv = Object.entries(compose.services[d.metadata.name]!.environment ?? {});
      const k8sEnv = (containerOf(d).env ?? []).map((e): [string, unknown] => [e.name, e.value]);
      expect(urls(k8sEnv)).toEqual(urls(composeEnv));
      // Every secret compose passes to this container is referenced here too.
      for (const { key } of SECRET_KEYS.filter((k) => composeEnv.some(([name]) => name === k.key))) {
        expect(k8sEnv.map(([name]) => name)).toContain(key);
      }
    }
  });
});

describe("the services' probe paths", () => {
  let database: TestDatabase;
  let running: RunningService;
  beforeAll(async () => {
    database = await freshDatabase();
    // The kit's own health routes, on a real database: no domain routes needed.
    running = await startTestService({ name: 'files', migrations: [], routes: () => undefined }, database.db);
  });
  afterAll(async () => {
    await running?.close();
    await database?.drop();
  });

  it.each([READINESS_PATH.service, LIVENESS_PATH])('%s answers 200', async (probePath) => {
    expect((await fetch(`${running.url}${probePath}`)).status).toBe(200);
  });
});
