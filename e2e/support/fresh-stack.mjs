// Starts the real stack (scripts/stack.mjs: nginx + one process per service + Postgres) on a
// FRESH database. Used as the Playwright webServer command and by the bench (bench/lib/stack.ts).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/career_e2e GATEWAY_PORT=8089 node e2e/support/fresh-stack.mjs
//
// 1. refuses to start when a service port (3001-3005; with STACK_REPLICAS=N also each replica's,
//    3101-3105 for the second, and nginx's peer ports 4001-4005) or the gateway port is taken:
//    scripts/stack.mjs uses fixed service ports, so a second stack would otherwise "find" the
//    first one's services on /readyz and silently test against the wrong database;
// 2. drops and recreates the database (only names starting with career_e2e or career_bench,
//    so a typo cannot drop the development database);
// 3. runs scripts/stack.mjs in this process (it handles SIGTERM/SIGINT itself).
import net from 'node:net';
import { parseArgs } from 'node:util';
import knexFactory from 'knex';

const SERVICE_PORTS = [3001, 3002, 3003, 3004, 3005];
// As scripts/stack.mjs reads them (replicaPort and peerPort in @cc/contracts).
const { values: args } = parseArgs({ options: { replicas: { type: 'string' } }, strict: false });
const replicas = Math.max(1, Number(args.replicas ?? (process.env.STACK_REPLICAS || 1)) || 1);
const stackPorts = [
  ...Array.from({ length: replicas }, (_, i) => SERVICE_PORTS.map((p) => p + 100 * i)).flat(),
  ...(replicas > 1 ? SERVICE_PORTS.map((p) => p + 1000) : []),
];
const databaseUrl = process.env.DATABASE_URL;
const gatewayPort = Number(process.env.GATEWAY_PORT ?? 8080);

if (!databaseUrl) {
  console.error('fresh-stack: DATABASE_URL must be set (e.g. postgres://postgres@127.0.0.1:5432/career_e2e)');
  process.exit(2);
}
const dbName = new URL(databaseUrl).pathname.slice(1);
if (!/^career_(e2e|bench)\w*$/.test(dbName)) {
  console.error(`fresh-stack: refusing to drop database "${dbName}" (only career_e2e* / career_bench* are reset)`);
  process.exit(2);
}

function portInUse(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.once('listening', () => server.close(() => resolve(false)));
    server.listen(port, '127.0.0.1');
  });
}

const busy = [];
for (const port of [...stackPorts, gatewayPort]) if (await portInUse(port)) busy.push(port);
if (busy.length > 0) {
  console.error(
    `fresh-stack: port(s) ${busy.join(', ')} already in use on 127.0.0.1. Another stack (npm run stack / npm start / ` +
      'a bench or e2e run) is probably running; stop it first, the stack uses fixed service ports (3001-3005, replicas 3101+).',
  );
  process.exit(3);
}

const admin = knexFactory({ client: 'pg', connection: databaseUrl.replace(/\/[^/]*$/, '/postgres'), pool: { min: 0, max: 1 } });
try {
  // WITH (FORCE) (Postgres 13+) also ends connections a crashed earlier run left behind.
  await admin.raw('drop database if exists ?? with (force)', [dbName]);
  await admin.raw('create database ??', [dbName]);
} finally {
  await admin.destroy();
}
console.log(`fresh-stack: database ${dbName} recreated`);

await import('../../scripts/stack.mjs');
