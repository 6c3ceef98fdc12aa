/**
 * docker-compose.yml, the Dockerfiles and .dockerignore, checked by reading (no Docker engine on
 * the build machines): the official Compose schema, one container per service and per frontend
 * app, built by the shared Dockerfile of its kind with its workspace as a build argument, no
 * committed secrets, and Dockerfiles that only COPY files that exist and are in the build context.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import { REMOTES, SERVICES, SERVICE_PORTS } from '@cc/contracts';
import { repoRoot } from './nginx.harness';

type Env = Record<string, string | number | boolean | null>;
interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  environment?: Env;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string };
  restart?: string;
  volumes?: string[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const composeText = readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
// Compose supports YAML merge keys (`<<: *anchor`); so must the parser.
const compose = parseYaml(composeText, { merge: true }) as ComposeFile;
const APPS = ['shell', ...REMOTES.map((r) => `mfe-${r}`)];
const SERVICE_CONTAINERS = SERVICES.map((s) => `svc-${s}`);

const SERVICE_DOCKERFILE = 'docker/service.Dockerfile';
const STATIC_DOCKERFILE = 'docker/static.Dockerfile';

const read = (rel: string) => readFileSync(path.join(repoRoot, rel), 'utf8');

// ajv-formats and ajv are CommonJS; under native ESM the default export may be wrapped.
type AjvCtor = typeof Ajv;
const AjvClass = ((Ajv as unknown as { default?: AjvCtor }).default ?? Ajv) as AjvCtor;
const applyFormats = ((addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats) as typeof addFormats;

describe('docker-compose.yml', () => {
  it('is valid against the official Compose JSON schema', () => {
    const schemaPath = path.resolve(repoRoot, '../shared/vendor/compose-spec.json');
    const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<string, unknown>;
    // The schema declares draft-07 (under an https:// URL ajv does not know by that name).
    expect(String(schema.$schema)).toMatch(/draft-07/);
    delete schema.$schema;
    const ajv = new AjvClass({ strict: false, allErrors: true });
    applyFormats(ajv);
    const validate = ajv.compile(schema);
    const ok = validate(compose);
    expect(ajv.errorsText(validate.errors, { separator: '\n' })).toBe('No errors');
    expect(ok).toBe(true);
    expect(composeText).not.toMatch(/^name:/m); // Debian's docker-compose 1.29 rejects it
  });

  it('runs postgres 16 (with pgvector) with a healthcheck and a named volume', () => {
    const pg = compose.services.postgres!;
    expect(pg.image).toBe('pgvector/pgvector:pg16'); // Postgres 16 with pgvector (docs/search.md)
    expect(JSON.stringify(pg.healthcheck?.test)).toContain('pg_isready');
    const volume = pg.volumes?.[0]?.split(':')[0] ?? '';
    expect(Object.keys(compose.volumes ?? {})).toContain(volume);
  });

  it.each(SERVICES)('has svc-%s: its Dockerfile, port, env, healthcheck and dependencies', (s) => {
    const svc = compose.services[`svc-${s}`];
    expect(svc).toBeDefined();
    expect(svc!.build).toEqual({
      context: '.',
      dockerfile: SERVICE_DOCKERFILE,
      args: { SERVICE: `svc-${s}`, PORT: String(SERVICE_PORTS[s]) },
    });
    const env = svc!.environment ?? {};
    expect(String(env.PORT)).toBe(String(SERVICE_PORTS[s]));
    // Reachable from the gateway's container, not only from its own loopback (the kit's default).
    expect(env.HOST).toBe('0.0.0.0');
    expect(String(env.DATABASE_URL)).toMatch(/^postgres:\/\/[^:]+:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/\w+$/);
    expect(env.SESSION_SECRET).toBe('${SESSION_SECRET:?set SESSION_SECRET}');
    expect(svc!.restart).toBe('unless-stopped');
    expect(svc!.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    const test = svc!.healthcheck?.test;
    expect(Array.isArray(test) && test[0] === 'CMD' && test[1] === 'node').toBe(true);
    expect((test as string[]).join(' ')).toContain(`fetch('http://127.0.0.1:${SERVICE_PORTS[s]}/healthz')`);
    if (s !== 'identity') {
      for (const v of ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL']) expect(env).toHaveProperty(v, null);
    }
  });

  it('lets svc-chat reach svc-people and svc-coaching by name', () => {
    const chat = compose.services['svc-chat']!;
    expect(chat.environment?.PEOPLE_URL).toBe(`http://svc-people:${SERVICE_PORTS.people}`);
    expect(chat.environment?.COACHING_URL).toBe(`http://svc-coaching:${SERVICE_PORTS.coaching}`);
    expect(chat.environment?.FILES_URL).toBe(`http://svc-files:${SERVICE_PORTS.files}`);
    expect(chat.depends_on?.['svc-people']).toEqual({ condition: 'service_healthy' });
    expect(chat.depends_on?.['svc-coaching']).toEqual({ condition: 'service_healthy' });
  });

  it('lets svc-identity reach every service whose rows an account deletion deletes, without waiting for them', () => {
    const identity = compose.services['svc-identity']!;
    for (const [name, variable] of [
      ['files', 'FILES_URL'],
      ['coaching', 'COACHING_URL'],
      ['people', 'PEOPLE_URL'],
      ['chat', 'CHAT_URL'],
    ] as const) {
      expect(identity.environment?.[variable]).toBe(`http://svc-${name}:${SERVICE_PORTS[name]}`);
      expect(identity.depends_on?.[`svc-${name}`]).toBeUndefined();
    }
  });

  it('lets svc-coaching reach svc-chat by name, without waiting for it (svc-chat waits for svc-coaching)', () => {
    const coaching = compose.services['svc-coaching']!;
    expect(coaching.environment?.CHAT_URL).toBe(`http://svc-chat:${SERVICE_PORTS.chat}`);
    expect(coaching.depends_on?.['svc-chat']).toBeUndefined();
  });

  it.each(APPS)('has a static container for %s, built from its workspace, with a healthcheck', (app) => {
    const svc = compose.services[app];
    expect(svc).toBeDefined();
    expect(svc!.build).toEqual({ context: '.', dockerfile: STATIC_DOCKERFILE, args: { APP: app } });
    expect(JSON.stringify(svc!.healthcheck?.test)).toContain('/healthz');
    expect(svc!.restart).toBe('unless-stopped');
  });

  it('publishes the gateway on 8080 after every other container is healthy', () => {
    const gw = compose.services.gateway!;
    expect(gw.build).toEqual({ context: '.', dockerfile: 'gateway/Dockerfile' });
    expect(gw.ports).toEqual(['8080:8080']);
    for (const dep of [...SERVICE_CONTAINERS, ...APPS]) {
      expect({ dep, condition: gw.depends_on?.[dep]?.condition }).toEqual({ dep, condition: 'service_healthy' });
    }
    expect(JSON.stringify(gw.healthcheck?.test)).toContain('127.0.0.1:8080/healthz');
  });

  it('commits no secrets: passwords, secrets and keys come from ${…}', () => {
    const secretName = /PASSWORD|SECRET|KEY|TOKEN|CREDENTIAL/i;
    for (const [name, svc] of Object.entries(compose.services)) {
      for (const [key, value] of Object.entries(svc.environment ?? {})) {
        if (secretName.test(key)) {
          // Unset (taken from the host environment) or a required/optional interpolation.
          expect({ name, key, ok: value === null || /^\$\{[A-Z0-9_]+(:[?-][^}]*)?\}$/.test(String(value)) }).toEqual({
            name,
            key,
            ok: true,
          });
        }
        if (typeof value === 'string' && /:\/\/[^/@\s]+@/.test(value)) {
          // Credentials inside URLs: the password part must be an interpolation.
          expect({ name, key, value: /:\/\/[^:/@]+:\$\{[^}]+\}@/.test(value) }).toEqual({ name, key, value: true });
        }
      }
    }
    // The variables that hold secrets are required, never defaulted.
    expect(composeText).not.toMatch(/\$\{(POSTGRES_PASSWORD|SESSION_SECRET|AI_API_KEY):?-/);
  });
});

/** A minimal .dockerignore matcher (the patterns this repo uses: names, `**\/name`, `*.ext`). */
function ignoredBy(patterns: string[], rel: string): string | undefined {
  const toRe = (p: string) =>
    new RegExp(
      '^' +
        p
          .replace(/^\/+|\/+$/g, '')
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*\*\//g, '\u0000')
          .replace(/\*/g, '[^/]*')
          .replace(/\?/g, '[^/]')
          // eslint-disable-next-line no-control-regex -- NUL marks a `**/` placeholder no glob can contain
          .replace(/\u0000/g, '(?:.*/)?') +
        '(?:/.*)?$',
    );
  const clean = rel.replace(/^\.\/|\/+$/g, '');
  return patterns.find((p) => toRe(p).test(clean));
}

const dockerignore = read('.dockerignore')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

/** COPY instructions that read the build context (not `--from=` another stage). */
function contextCopies(dockerfile: string): string[] {
  return dockerfile
    .split('\n')
    .filter((l) => /^COPY\s/i.test(l) && !/--from=/.test(l))
    .flatMap((l) => {
      const args = l
        .replace(/^COPY\s+/i, '')
        .split(/\s+/)
        .filter((a) => !a.startsWith('--'));
      return args.slice(0, -1);
    });
}

describe('Dockerfiles and .dockerignore', () => {
  it('.dockerignore keeps dependencies, builds, data and VCS out of the context', () => {
    for (const p of ['node_modules', 'svc-files/node_modules', 'shell/dist', '.data', '.stack', '.git', 'test-results', '.env']) {
      expect({ p, ignored: Boolean(ignoredBy(dockerignore, p)) }).toEqual({ p, ignored: true });
    }
  });

  it('every workspace manifest reaches the image (found by the manifests stage, not ignored)', () => {
    const pkg = JSON.parse(read('package.json')) as { workspaces: string[] };
    const dirs = pkg.workspaces.flatMap((w) => (w.endsWith('/*') ? workspaceDirsUnder(w.slice(0, -2)) : [w]));
    expect(dirs.length).toBeGreaterThanOrEqual(SERVICES.length + APPS.length);
    for (const dir of dirs) {
      const manifest = `${dir}/package.json`;
      // `find . -mindepth 2 -maxdepth 3 -name package.json` in the manifests stage
      const depth = manifest.split('/').length;
      expect({ manifest, depth: depth >= 2 && depth <= 3, ignored: ignoredBy(dockerignore, manifest) }).toEqual({
        manifest,
        depth: true,
        ignored: undefined,
      });
    }
  });

  it('services: multi-stage node:20-slim build of $SERVICE, production deps only, non-root, node dist/main.js', () => {
    const df = read(SERVICE_DOCKERFILE);
    expect(df.match(/^FROM node:20-slim AS \w+/gm)?.length).toBeGreaterThanOrEqual(2);
    expect(df).toContain('cp package.json package-lock.json /manifests/');
    // Each stage that reads an argument declares it again (Docker scopes them to a stage).
    for (const stage of df.split(/\nFROM /).slice(2)) expect(stage).toMatch(/^ARG SERVICE$/m);
    expect(df).toContain('npm ci --workspace "@cc/$SERVICE" --include-workspace-root');
    expect(df).toContain('npm run build -w "@cc/$SERVICE"');
    expect(df).toContain('npm ci --omit=dev --workspace "@cc/$SERVICE"');
    expect(df).toContain('COPY --from=build /app/${SERVICE}/dist/ ${SERVICE}/dist/');
    const runtime = df.slice(df.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER (node|\d+)/m);
    expect(runtime).toContain('PORT=${PORT}');
    expect(runtime).toContain('EXPOSE ${PORT}');
    expect(runtime).toContain('WORKDIR /app/${SERVICE}');
    expect(runtime).toContain('CMD ["node", "dist/main.js"]');
  });

  it('frontend apps: node build stage of $APP, nginx:alpine serving dist with the static conf', () => {
    const df = read(STATIC_DOCKERFILE);
    expect(df).toMatch(/^FROM node:20-slim AS build/m);
    for (const stage of df.split(/\nFROM /).slice(2)) expect(stage).toMatch(/^ARG APP$/m);
    expect(df).toContain('npm ci --workspace "@cc/$APP" --include-workspace-root');
    expect(df).toContain('npm run build -w "@cc/$APP"');
    const runtime = df.slice(df.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^FROM nginx:alpine/m);
    expect(runtime).toContain('COPY gateway/nginx.static.conf /etc/nginx/conf.d/default.conf');
    expect(runtime).toContain('COPY --from=build /app/${APP}/dist/ /usr/share/nginx/html/');
    expect(runtime).toContain('HEALTHCHECK');
  });

  it.each([...SERVICE_CONTAINERS, ...APPS])('%s: the workspace its build argument names exists', (name) => {
    const args = compose.services[name]?.build?.args ?? {};
    const workspace = args.SERVICE ?? args.APP ?? '';
    expect(existsSync(path.join(repoRoot, workspace, 'package.json'))).toBe(true);
    expect((JSON.parse(read(`${workspace}/package.json`)) as { name: string }).name).toBe(`@cc/${name}`);
  });

  it('gateway: nginx:alpine with the compose config, unprivileged on 8080', () => {
    const df = read('gateway/Dockerfile');
    expect(df).toMatch(/^FROM nginx:alpine/m);
    expect(df).toContain('COPY gateway/nginx.compose.conf /etc/nginx/nginx.conf');
    expect(df).toMatch(/^USER nginx/m);
    expect(df).toContain('EXPOSE 8080');
    expect(read('gateway/nginx.compose.conf')).toMatch(/listen 8080;/);
  });

  it.each(['gateway/Dockerfile', SERVICE_DOCKERFILE, STATIC_DOCKERFILE])(
    '%s copies only files that exist and are in the context',
    (file) => {
      const sources = contextCopies(read(file));
      expect(sources.length).toBeGreaterThan(0);
      for (const workspace of [...SERVICE_CONTAINERS, ...APPS]) {
        const src = sources.map((s) => s.replace(/\$\{(SERVICE|APP)\}/, workspace)).find((s) => s.startsWith(workspace));
        if (src) expect({ src, ignored: ignoredBy(dockerignore, src) }).toEqual({ src, ignored: undefined });
      }
      for (const src of sources) {
        if (src === '.' || src.includes('${')) continue;
        expect({ src, exists: existsSync(path.join(repoRoot, src)), ignored: ignoredBy(dockerignore, src) }).toEqual({
          src,
          exists: true,
          ignored: undefined,
        });
      }
    },
  );
});

/** Directories under `parent` that hold a package.json (a `parent/*` workspace glob). */
function workspaceDirsUnder(parent: string): string[] {
  return readdirSync(path.join(repoRoot, parent), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(repoRoot, parent, d.name, 'package.json')))
    .map((d) => `${parent}/${d.name}`);
}
