/** Test helpers: run the Debian nginx binary against a generated config in a temp prefix. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const NGINX_BIN = process.env.NGINX_BIN ?? ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((p) => existsSync(p)) ?? 'nginx';

/**
 * A temp prefix directory. nginx runs its workers as `nobody` when started as root, so the
 * tree must be world-readable (mkdtemp makes 0700 directories).
 */
export function makePrefix(label: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `cc-nginx-${label}-`));
  chmodSync(dir, 0o755);
  mkdirSync(path.join(dir, '.stack', 'nginx'), { recursive: true });
  mkdirSync(path.join(dir, 'gateway'), { recursive: true });
  return dir;
}

export function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
    writeFileSync(file, content, { mode: 0o644 });
  }
}

/** `nginx -t`; returns nginx's combined output and whether the test passed. */
export function nginxTest(prefix: string, confRel: string): { ok: boolean; output: string } {
  const res = spawnSync(NGINX_BIN, ['-t', '-p', `${prefix}/`, '-e', path.join(prefix, 'test-error.log'), '-c', confRel], {
    encoding: 'utf8',
  });
  return { ok: res.status === 0, output: `${res.stdout ?? ''}${res.stderr ?? ''}${res.error ? String(res.error) : ''}` };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningNginx {
  child: ChildProcess;
  stop(): Promise<void>;
  errorLog(): string;
}

/**
 * Start `nginx -p prefix -c confRel` in the foreground (the local config has `daemon off;`; pass
 * `-g 'daemon off;'` in extraArgs for the others, as the nginx image does) and wait for /healthz.
 */
export async function startNginx(
  prefix: string,
  confRel: string,
  port: number,
  extraArgs: string[] = [],
  options: { ownGroup?: boolean } = {},
): Promise<RunningNginx> {
  const errorLogPath = path.join(prefix, '.stack', 'nginx', `error-${port}.log`);
  // ownGroup: a session of its own, so Linux schedules it as its own group (the bench's floors).
  const child = spawn(NGINX_BIN, ['-p', `${prefix}/`, '-e', errorLogPath, '-c', confRel, ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownGroup ?? false,
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => (existsSync(errorLogPath) ? readFileSync(errorLogPath, 'utf8') : '');

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${output}\n${errorLog()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer /healthz: ${output}\n${errorLog()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    child,
    errorLog,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGQUIT'); // graceful shutdown of the master and its workers
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function removeDir(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** Closes test upstreams, their keep-alive connections with them (nginx holds some open). */
export async function closeServers(servers: Iterable<http.Server>): Promise<void> {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
}
