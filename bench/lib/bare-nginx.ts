import { freePort, makePrefix, removeDir, startNginx, writeTree } from '../../gateway/src/nginx.harness';
import type { BenchServer } from './load';

/**
 * The floor of the gateway's overhead on this machine: nginx with the least a proxy needs (one
 * location, the upstream kept alive, HTTP/1.1, no access log, no maps, no headers added), in front
 * of the same service port the stack's nginx proxies to. Beside the stack's nginx it says how much
 * of the overhead is the generated config and how much is nginx's own work: on a machine whose
 * cores the load generator, nginx and the service share, each of nginx's CPU microseconds per
 * request is taken from the other two. Started with the gateway tests' harness.
 */
export async function startBareNginx(servicePort: number): Promise<BenchServer> {
  const prefix = makePrefix('bench-bare');
  const port = await freePort();
  const run = '.stack/nginx';
  writeTree(prefix, {
    'nginx.conf': `worker_processes auto;
pid ${run}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  # As the gateway's: at nginx's default of 1,000 a client's connection was closed under load
  # every 1,000 requests, and autocannon counted the request in flight as an error.
  keepalive_requests 10000;
  client_body_temp_path ${run}/client_body;
  proxy_temp_path ${run}/proxy;
  fastcgi_temp_path ${run}/fastcgi;
  uwsgi_temp_path ${run}/uwsgi;
  scgi_temp_path ${run}/scgi;
  upstream service { server 127.0.0.1:${servicePort}; keepalive 32; }
  server {
    listen 127.0.0.1:${port};
    location = /healthz { return 200; }
    location / {
      proxy_pass http://service;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }
}
`,
  });
  try {
    // Its own scheduling group, as the stack's nginx in the bench (bench/lib/stack.ts).
    const nginx = await startNginx(prefix, 'nginx.conf', port, ['-g', 'daemon off;'], { ownGroup: true });
    return {
      url: `http://127.0.0.1:${port}`,
      stop: async () => {
        await nginx.stop();
        removeDir(prefix);
      },
    };
  } catch (error) {
    removeDir(prefix);
    throw error;
  }
}
