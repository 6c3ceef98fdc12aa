/**
 * LISTEN_SOCKET (socket-listener.ts): a service's second listener, on a unix socket, as the
 * local stack's nginx reaches it. Real servers, real sockets, a temp directory.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { listenOnSocket } from './socket-listener';
import { kitSettings, parseSettings } from './settings';

const dirs: string[] = [];
const open: http.Server[] = [];
afterEach(async () => {
  for (const server of open.splice(0)) await new Promise((done) => server.close(done));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-sock-'));
  dirs.push(dir);
  return dir;
}

function hello(): http.Server {
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ url: req.url, forwardedFor: req.headers['x-forwarded-for'] ?? null }));
  });
  open.push(server);
  return server;
}

function get(socketPath: string, url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, path: url, headers: { 'x-forwarded-for': '203.0.113.7' } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('listenOnSocket', () => {
  it('serves HTTP on the socket, connectable by every local user, and removes the file when it closes', async () => {
    const file = path.join(tempDir(), 'files-0.sock');
    const server = hello();
    await listenOnSocket(server, file);
    expect(statSync(file).isSocket()).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o666);
    expect(await get(file, '/files?x=1')).toEqual({ status: 200, body: { url: '/files?x=1', forwardedFor: '203.0.113.7' } });
    open.splice(open.indexOf(server), 1);
    await new Promise((done) => server.close(done));
    expect(existsSync(file)).toBe(false);
  });

  it('replaces a socket file left by a process that died without closing it', async () => {
    const file = path.join(tempDir(), 'stale.sock');
    // A socket file nobody listens on: what a SIGKILLed service leaves behind.
    const leftover = await boundButDead(file);
    expect(statSync(leftover).isSocket()).toBe(true);
    await expect(get(file, '/')).rejects.toThrow();

    await listenOnSocket(hello(), file);
    expect(await get(file, '/again')).toMatchObject({ status: 200, body: { url: '/again' } });
  });

  it('refuses a socket another live process answers on, and a path that is not a socket', async () => {
    const dir = tempDir();
    const live = path.join(dir, 'live.sock');
    await listenOnSocket(hello(), live);
    await expect(listenOnSocket(hello(), live)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(await get(live, '/still')).toMatchObject({ status: 200 });

    const notes = path.join(dir, 'notes.md');
    writeFileSync(notes, 'not a socket');
    await expect(listenOnSocket(hello(), notes)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(statSync(notes).isFile()).toBe(true);
  });
});

describe('LISTEN_SOCKET setting', () => {
  const parse = (value: string | undefined) => parseSettings(kitSettings, { LISTEN_SOCKET: value }, 'files').LISTEN_SOCKET;

  it('is optional, and an absolute path of at most 100 bytes', () => {
    expect(parse(undefined)).toBeUndefined();
    expect(parse('  ')).toBeUndefined();
    expect(parse('/run/cc/files-0.sock')).toBe('/run/cc/files-0.sock');
    expect(() => parse('files-0.sock')).toThrow(/LISTEN_SOCKET must be an absolute path/);
    expect(() => parse(`/${'d'.repeat(100)}/files-0.sock`)).toThrow(/LISTEN_SOCKET must be at most 100 bytes long/);
  });
});

/** A socket file bound by a process that is gone: a child listens on it and is SIGKILLed, so nothing unlinks it. */
async function boundButDead(file: string): Promise<string> {
  const child = spawn(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(file)}, () => console.log('up'))`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return file;
}
