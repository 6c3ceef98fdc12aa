import { API_ROUTES, type ApiRoute, type HttpMethod, type ServiceName, SERVICES } from './routes';

export { toRouterPath } from './pages';

function firstSegment(path: string): string {
  return path.split('/')[1] ?? '';
}

/**
 * Path prefixes a gateway routes to each owner. A first path segment owned by one service
 * becomes a prefix of its own; a segment split between services (`/profile`) becomes the
 * exact sub-paths of the minority owner plus the segment for the majority owner. The
 * minority entries must be matched first (see `routingRules`).
 */
export interface RoutingRule {
  owner: ServiceName;
  /** First path segment, e.g. `files`. */
  segment: string;
  /** When set, only these second segments (`/profile/suggested_folders` → `suggested_folders`). */
  subPaths?: string[];
}

export function routingRules(routes: readonly ApiRoute[] = API_ROUTES): RoutingRule[] {
  const bySegment = new Map<string, Map<ServiceName, Set<string>>>();
  for (const route of routes) {
    const seg = firstSegment(route.path);
    const owners = bySegment.get(seg) ?? new Map<ServiceName, Set<string>>();
    const subs = owners.get(route.owner) ?? new Set<string>();
    subs.add(route.path.split('/')[2] ?? '');
    owners.set(route.owner, subs);
    bySegment.set(seg, owners);
  }
  const specific: RoutingRule[] = [];
  const general: RoutingRule[] = [];
  for (const [segment, owners] of bySegment) {
    if (owners.size === 1) {
      general.push({ owner: [...owners.keys()][0]!, segment });
      continue;
    }
    // The owner with the bare segment (or the most paths) keeps the prefix; others get exact sub-paths.
    const ranked = [...owners.entries()].sort((a, b) => Number(b[1].has('')) - Number(a[1].has('')) || b[1].size - a[1].size);
    const [main, ...rest] = ranked;
    for (const [owner, subs] of rest) {
      if (subs.has('')) throw new Error(`/${segment} is owned by two services`);
      specific.push({ owner, segment, subPaths: [...subs].sort() });
    }
    general.push({ owner: main![0], segment });
  }
  return [...specific, ...general];
}

const RULES = routingRules();

/** Which service owns an API path (any method), by the same rules the gateways use. */
export function ownerOfPath(pathname: string): ServiceName | undefined {
  const parts = pathname.split('/');
  const seg = parts[1] ?? '';
  const sub = parts[2];
  for (const rule of RULES) {
    if (rule.segment !== seg) continue;
    if (rule.subPaths && (sub === undefined || !rule.subPaths.includes(sub))) continue;
    return rule.owner;
  }
  return undefined;
}

/**
 * A page navigation is a GET (or HEAD) whose Accept header lists text/html first, as every
 * browser does for navigations; `fetch` with `Accept: application/json` or `*\/*` goes to the API.
 * nginx uses the same test (gateway/src/nginx.ts).
 */
export function isPageNavigation(method: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return /^\s*text\/html/i.test(accept ?? '');
}

export const PAGE_NAV_ACCEPT_REGEX = '^\\s*text/html';

/**
 * Documents the shell's build serves as they are, even to a browser navigating to them: the
 * API reference (`/api/docs`) and the OpenAPI document it renders (`/openapi.json`). Every
 * other navigation gets the app. nginx uses the same rule (`STATIC_DOCUMENT_URI_REGEX`).
 */
export function isStaticDocument(pathname: string): boolean {
  return pathname === '/openapi.json' || pathname === '/api/docs' || pathname.startsWith('/api/docs/');
}

/** `isStaticDocument` as a regex over the path without its leading slash (for nginx). */
export const STATIC_DOCUMENT_URI_REGEX = 'openapi\\.json$|api/docs(/|$)';

/**
 * API answers a browser's navigation gets all the same: the calendar feed, which a person opens
 * to see what their calendar app will read, and which some apps ask for with Accept: text/html.
 * nginx uses the same rule (`API_DOCUMENT_URI_REGEX`).
 */
export function isApiDocument(pathname: string): boolean {
  return pathname.startsWith('/calendar/');
}

/** `isApiDocument` as a regex over the path without its leading slash (for nginx). */
export const API_DOCUMENT_URI_REGEX = 'calendar/';

/** Find the table entry for a concrete request path, if any. */
export function matchRoute(method: HttpMethod, pathname: string): ApiRoute | undefined {
  const candidates = API_ROUTES.filter((r) => r.method === method);
  // Literal paths win over parameterised ones (`/files/reorder` before `/files/{id}`).
  const literal = candidates.find((r) => r.path === pathname);
  if (literal) return literal;
  return candidates.find((r) => pathRegex(r.path).test(pathname));
}

export function pathRegex(path: string): RegExp {
  const body = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}|\{\w+\}/g, '[^/]+');
  return new RegExp(`^${body}$`);
}

/** Routes owned by one service, literal paths before parameterised ones of the same shape. */
export function routesOf(owner: ServiceName): ApiRoute[] {
  const own = API_ROUTES.filter((r) => r.owner === owner);
  const params = (p: string) => (p.match(/\{/g) ?? []).length;
  return [...own].sort((a, b) => params(a.path) - params(b.path));
}

export const SERVICE_PORTS: Record<ServiceName, number> = {
  identity: 3001,
  files: 3002,
  coaching: 3003,
  people: 3004,
  chat: 3005,
};

/** Port distance between two replicas of one service on one machine (the local replica stack). */
export const REPLICA_PORT_STEP = 100;
/** Most replicas of one service the local stack runs: their ports stay below the peer ports. */
export const MAX_LOCAL_REPLICAS = 9;

/**
 * Port of replica `index` of a service on one machine: the first keeps SERVICE_PORTS (3001-3005),
 * the second 3101-3105, and so on (`npm run stack -- --replicas 2`).
 */
export function replicaPort(service: ServiceName, index: number): number {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_LOCAL_REPLICAS) {
    throw new RangeError(`replica index ${index} is outside 0-${MAX_LOCAL_REPLICAS - 1}`);
  }
  return SERVICE_PORTS[service] + REPLICA_PORT_STEP * index;
}

/**
 * Where the other services call a service that runs as several local replicas (4001-4005): the
 * stack's nginx listens there and spreads the calls over the replicas, as a Kubernetes Service
 * does, so a peer call never depends on the one replica that is restarting.
 */
export function peerPort(service: ServiceName): number {
  return SERVICE_PORTS[service] + REPLICA_PORT_STEP * (MAX_LOCAL_REPLICAS + 1);
}

export { SERVICES };
