import { chmodSync, lstatSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import type { Server } from 'node:http';

/**
 * The longest socket path a service accepts: `sun_path` holds 108 bytes on Linux and 104 on
 * macOS, the terminating NUL included; a longer path would be cut short by the kernel.
 */
export const MAX_SOCKET_PATH_BYTES = 100;

/**
 * Listens on the unix domain socket at `path` (LISTEN_SOCKET), beside the service's TCP port:
 * nginx on the same machine then reaches the service without loopback TCP, whose per-request
 * cost on both ends was most of what the gateway added to a cached GET (bench/README.md).
 *
 * A socket file left by a process that died without closing it (SIGKILL) is replaced; a socket
 * that a live process still answers on is not (EADDRINUSE), nor is anything that is not a socket.
 * The socket is made connectable by every local user: nginx started as root runs its workers as
 * another user (`nobody`), and that is the reach a port on 127.0.0.1 has anyway. Node removes
 * the file when the server closes.
 */
export async function listenOnSocket(server: Server, path: string): Promise<void> {
  try {
    await listen(server, path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || !isSocket(path) || (await answers(path))) throw err;
    unlinkSync(path);
    await listen(server, path);
  }
  chmodSync(path, 0o666);
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (err: Error) => reject(err);
    server.once('error', failed);
    server.listen(path, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

function isSocket(path: string): boolean {
  try {
    return lstatSync(path).isSocket();
  } catch {
    return false;
  }
}

/** Whether some process accepts connections on the socket at `path`. */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}
