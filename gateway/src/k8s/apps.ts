/**
 * What runs on Kubernetes, read from the route table in @cc/contracts: one workload per service,
 * one per static app (the shell and each remote) and the gateway. Names are the compose
 * container names (nginx-constants.ts), so the gateway's `compose` nginx config finds each
 * upstream by its Service name.
 */
import { REMOTES, SERVICES, SERVICE_PORTS, type RemoteName, type ServiceName } from '@cc/contracts';
import { DEFAULT_GRACE_MS } from '@cc/service-kit';
import { appContainer, DEFAULT_LISTEN_PORT, serviceContainer, STATIC_CONTAINER_PORT } from '../nginx-constants';

export type AppKind = 'service' | 'static' | 'gateway';

export interface K8sApp {
  /** Deployment, Service and container name (`svc-files`, `mfe-people`, `gateway`). */
  name: string;
  kind: AppKind;
  /** The port the Service exposes: what the gateway's nginx config dials. */
  port: number;
  /** The port the container listens on. */
  containerPort: number;
  /** The service's own name (`files`), for services. */
  service?: ServiceName;
}

export const PART_OF = 'career-workspace';
/** The one Secret every secretKeyRef names; created by the operator, never by these manifests. */
export const SECRET_NAME = 'career-workspace';
/** Optional non-secret settings (AI_BASE_URL, AI_MODEL, LOG_LEVEL...) read with envFrom. */
export const SETTINGS_CONFIGMAP = 'career-workspace-settings';
/** Where each image is pushed; overlays (kustomize `images:`) or `kubectl set image` change it. */
export const IMAGE_PREFIX = 'career-workspace/';
export const IMAGE_TAG = 'latest';

/** uid of `node` in node:20-slim (docker/service.Dockerfile: USER node). */
export const NODE_UID = 1000;
/** uid of `nginx` in nginx:alpine (gateway/Dockerfile: USER nginx). */
export const NGINX_UID = 101;
/**
 * Static containers listen here rather than on the image's port 80, so they run as `nginx`
 * too; their Service still answers on STATIC_CONTAINER_PORT, where the gateway dials.
 */
export const STATIC_UNPRIVILEGED_PORT = 8080;

/**
 * Seconds between Kubernetes removing a pod from its Service's endpoints and sending SIGTERM
 * (preStop), so nginx and kube-proxy stop sending it new requests first.
 */
export const PRE_STOP_SECONDS = 5;
/**
 * After the preStop pause, SIGTERM: a service drains and cuts what still runs at its grace
 * (SHUTDOWN_GRACE_MS, packages/service-kit/src/shutdown.ts), then stops its background tasks and
 * closes its pool within the margin. Past this, SIGKILL.
 */
export const TERMINATION_GRACE_SECONDS = PRE_STOP_SECONDS + DEFAULT_GRACE_MS / 1000 + 15;

/** Who calls whom, as in docker-compose.yml (each call is optional; see .env.example). */
const PEERS: Record<ServiceName, readonly ServiceName[]> = {
  // Account deletion asks every domain to delete its rows first.
  identity: ['files', 'coaching', 'people', 'chat'],
  files: [],
  coaching: ['chat'],
  people: ['files', 'coaching'],
  chat: ['people', 'coaching', 'files'],
};

export const serviceUrl = (s: ServiceName) => `http://${serviceContainer(s)}:${SERVICE_PORTS[s]}`;

/** The `*_URL` variables a service gets: IDENTITY_URL (sign-out checks) and its peers. */
export function peerEnv(s: ServiceName): Record<string, string> {
  const env: Record<string, string> = { IDENTITY_URL: serviceUrl('identity') };
  for (const peer of PEERS[s]) env[`${peer.toUpperCase()}_URL`] = serviceUrl(peer);
  return env;
}

export interface SecretKey {
  key: string;
  /** Services that read it; all when absent. */
  services?: readonly ServiceName[];
  /** Required keys stop a pod from starting while the Secret lacks them. */
  optional: boolean;
}

/** The keys of SECRET_NAME (.env.example names them); model keys only where compose passes them. */
export const SECRET_KEYS: readonly SecretKey[] = [
  { key: 'SESSION_SECRET', optional: false },
  { key: 'DATABASE_URL', optional: false },
  { key: 'AI_API_KEY', services: ['files', 'coaching', 'people', 'chat'], optional: true },
  { key: 'SEARCH_API_KEY', services: ['people'], optional: true },
  { key: 'DEEP_RESEARCH_API_KEY', services: ['people'], optional: true },
];

export const secretKeysOf = (s: ServiceName) => SECRET_KEYS.filter((k) => !k.services || k.services.includes(s));

export const SERVICE_APPS: readonly K8sApp[] = SERVICES.map((s) => ({
  name: serviceContainer(s),
  kind: 'service' as const,
  port: SERVICE_PORTS[s],
  containerPort: SERVICE_PORTS[s],
  service: s,
}));

export const STATIC_APPS: readonly K8sApp[] = (['shell', ...REMOTES] as const).map((app: 'shell' | RemoteName) => ({
  name: appContainer(app),
  kind: 'static' as const,
  port: STATIC_CONTAINER_PORT,
  containerPort: STATIC_UNPRIVILEGED_PORT,
}));

export const GATEWAY_APP: K8sApp = { name: 'gateway', kind: 'gateway', port: DEFAULT_LISTEN_PORT, containerPort: DEFAULT_LISTEN_PORT };

/** Every workload, in the order the files are written. */
export const APPS: readonly K8sApp[] = [...SERVICE_APPS, ...STATIC_APPS, GATEWAY_APP];

export const image = (app: K8sApp) => `${IMAGE_PREFIX}${app.name}:${IMAGE_TAG}`;

export function labels(app: K8sApp): Record<string, string> {
  return { 'app.kubernetes.io/name': app.name, 'app.kubernetes.io/component': app.kind, 'app.kubernetes.io/part-of': PART_OF };
}

/** The pod labels a Service and a PodDisruptionBudget select on (a subset: component may change). */
export function selector(app: K8sApp): Record<string, string> {
  return { 'app.kubernetes.io/name': app.name, 'app.kubernetes.io/part-of': PART_OF };
}
