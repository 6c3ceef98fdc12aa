/**
 * The compose/Kubernetes gateway behind an Ingress or a load balancer: gateway/trusted-proxies.sh
 * (the image runs it before nginx) turns GATEWAY_TRUSTED_PROXIES into set_real_ip_from lines that
 * the config includes, so the services see the client's address, not the proxy's. Real nginx,
 * the generated compose config, an echoing upstream per service.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { SERVICES, type ServiceName } from '@cc/contracts';
import { generateNginxConf } from './nginx';
import { listen, upstream, type Echo } from './nginx.fixtures';
import { closeServers, freePort, makePrefix, removeDir, repoRoot, startNginx, type RunningNginx } from './nginx.harness';

const SCRIPT = path.join(repoRoot, 'gateway', 'trusted-proxies.sh');

function runScript(dir: string, value: string | undefined) {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, TRUSTED_PROXIES_DIR: dir };
  if (value !== undefined) env.GATEWAY_TRUSTED_PROXIES = value;
  const res = spawnSync('sh', [SCRIPT], { env, encoding: 'utf8' });
  const file = path.join(dir, 'trusted-proxies.conf');
  return { status: res.status, stderr: res.stderr, conf: existsSync(file) ? readFileSync(file, 'utf8') : null };
}

describe('trusted-proxies.sh', () => {
  let prefix: string;
  beforeAll(() => {
    prefix = makePrefix('trusted-script');
  });
  afterAll(() => removeDir(prefix));

  it('writes nothing when the variable is unset or blank', () => {
    expect(runScript(path.join(prefix, 'a'), undefined)).toMatchObject({ status: 0, conf: null });
    expect(runScript(path.join(prefix, 'a'), ' , ')).toMatchObject({ status: 0, conf: null });
  });

  it('trusts each address or range, commas or spaces between them', () => {
    const { status, conf } = runScript(path.join(prefix, 'b'), '10.0.0.0/8, 192.168.1.7 fd00::/8');
    expect(status).toBe(0);
    expect(conf!.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual([
      'set_real_ip_from 10.0.0.0/8;',
      'set_real_ip_from 192.168.1.7;',
      'set_real_ip_from fd00::/8;',
      'real_ip_header X-Forwarded-For;',
      'real_ip_recursive on;',
    ]);
  });

  it.each(['10.0.0.0/8;include /etc/passwd', '1.2.3.4/33', 'proxy.example.com', '*'])(
    'refuses %s and leaves no file (the container does not start)',
    (bad) => {
      const dir = path.join(prefix, 'c');
      runScript(dir, '10.0.0.1');
      const { status, stderr, conf } = runScript(dir, `10.0.0.2 ${bad}`);
      expect(status).not.toBe(0);
      expect(stderr).toContain('is not an IP address or CIDR range');
      expect(conf).toBeNull();
    },
  );
});

describe('the compose gateway behind a proxy (real nginx)', () => {
  const servers: http.Server[] = [];
  const running: RunningNginx[] = [];
  const prefixes: string[] = [];
  let servicePorts: Record<ServiceName, number>;

  /** The gateway with GATEWAY_TRUSTED_PROXIES as the container's start would leave it. */
  async function gateway(trusted: string | undefined): Promise<string> {
    const prefix = makePrefix('trusted');
    prefixes.push(prefix);
    const runtimeDir = path.join(prefix, '.stack/nginx');
    expect(runScript(path.join(runtimeDir, 'trusted-proxies'), trusted).status).toBe(0);
    const port = await freePort();
    const conf = generateNginxConf('compose', { listenPort: port, servicePorts, address: (_c, p) => `127.0.0.1:${p}`, runtimeDir });
    writeFileSync(path.join(prefix, 'gateway/nginx.compose.conf'), conf);
    running.push(await startNginx(prefix, 'gateway/nginx.compose.conf', port, ['-g', 'daemon off;']));
    return `http://127.0.0.1:${port}`;
  }

  const forwardedFor = async (base: string, xff: string) => {
    const res = await fetch(`${base}/auth/sign_in`, { method: 'POST', headers: { accept: 'application/json', 'x-forwarded-for': xff } });
    return ((await res.json()) as Echo).headers['x-forwarded-for'];
  };

  beforeAll(async () => {
    servicePorts = {} as Record<ServiceName, number>;
    for (const s of SERVICES) {
      const server = upstream(s);
      servers.push(server);
      servicePorts[s] = await listen(server);
    }
  });
  afterAll(async () => {
    for (const n of running) await n.stop();
    await closeServers(servers);
    for (const p of prefixes) removeDir(p);
  });

  it('unset: believes only the connection, whatever X-Forwarded-For says', async () => {
    const base = await gateway(undefined);
    expect(await forwardedFor(base, '203.0.113.7')).toBe('127.0.0.1');
  });

  it("trusted: passes on the client's address the proxy saw, never one the client wrote before it", async () => {
    const base = await gateway('127.0.0.0/8');
    // The proxy (here: loopback) appended the address it saw; what the client sent is further left.
    expect(await forwardedFor(base, '203.0.113.7')).toBe('203.0.113.7');
    expect(await forwardedFor(base, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('a proxy that is not in the list is the client', async () => {
    const base = await gateway('10.0.0.0/8');
    expect(await forwardedFor(base, '203.0.113.7')).toBe('127.0.0.1');
  });
});
