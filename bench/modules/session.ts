import { CONNECTIONS, DURATION, load, loadRows, startKoaHello, WARMUP } from '../lib/load';
import type { BenchModule, Row } from '../lib/types';

export const session: BenchModule = {
  name: 'session',
  description: 'GET /auth/session (signed in) through nginx, straight to svc-identity, and a bare Koa hello-world',
  async run(ctx) {
    const user = await ctx.newUser('session');
    const headers = { cookie: user.cookie, accept: 'application/json' };
    const koa = await startKoaHello();
    const targets = [
      {
        label: 'GET /auth/session via nginx',
        url: `${ctx.baseURL}/auth/session`,
        headers,
        notes: 'gateway → svc-identity (keepalive upstream)',
      },
      { label: 'GET /auth/session direct', url: `${ctx.identityURL}/auth/session`, headers, notes: 'svc-identity on :3001, no gateway' },
      { label: 'Koa hello-world', url: koa.url, headers: {}, notes: 'bare Koa, own process, for scale' },
    ];
    const out: Row[] = [];
    try {
      for (const target of targets) {
        // Check the answer first: a 401 at 20k req/s would be a misleading figure.
        const probe = await fetch(target.url, { headers: target.headers });
        if (!probe.ok) throw new Error(`${target.label}: ${target.url} answered ${probe.status}`);
        ctx.log(`session: ${target.label} (${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s)`);
        await load(target.url, target.headers, WARMUP);
        const result = await load(target.url, target.headers, DURATION);
        out.push(...loadRows(target.label, result, `${target.notes}; ${CONNECTIONS} connections, ${DURATION} s`));
      }
    } finally {
      await koa.stop();
    }
    return out;
  },
};
