import { BENCH_DATABASE_URL } from '../lib/db';
import { startFloors } from '../lib/floors';
import { CONNECTIONS, DURATION, floorRows, loadEach, loadRows, startKoaHello, type LoadTarget } from '../lib/load';
import type { BenchModule, Row } from '../lib/types';

export const session: BenchModule = {
  name: 'session',
  description:
    'GET /auth/session (signed in) through nginx, straight to svc-identity, and from the reference handler (bare Koa + pg); a bare Koa hello-world',
  async run(ctx) {
    const user = await ctx.newUser('session');
    const headers = { cookie: user.cookie, accept: 'application/json' };
    const koa = await startKoaHello();
    const floors = await startFloors(Number(new URL(ctx.identityURL).port), BENCH_DATABASE_URL).catch(async (error: unknown) => {
      await koa.stop();
      throw error;
    });
    const { bare, reference } = floors;
    const targets: LoadTarget[] = [
      {
        label: 'GET /auth/session via nginx',
        url: `${ctx.baseURL}/auth/session`,
        headers,
        notes: 'gateway → svc-identity (keepalive upstream)',
        upstreamPort: Number(new URL(ctx.identityURL).port),
      },
      { label: 'GET /auth/session direct', url: `${ctx.identityURL}/auth/session`, headers, notes: 'svc-identity on :3001, no gateway' },
      {
        label: 'GET /auth/session via a bare nginx',
        url: `${bare.url}/auth/session`,
        headers,
        notes: 'the same svc-identity behind nginx with one location and no log (bench/lib/bare-nginx.ts)',
        upstreamPort: Number(new URL(ctx.identityURL).port),
      },
      ...(typeof reference === 'string'
        ? []
        : [
            {
              label: 'GET /auth/session reference handler',
              url: `${reference.direct.url}/auth/session`,
              headers,
              notes: 'bare Koa + pg, own process: cookie HMAC, the same join query, CSRF token, JSON',
            },
            {
              label: 'GET /auth/session reference handler via a bare nginx',
              url: `${reference.viaBareNginx.url}/auth/session`,
              headers,
              notes: 'the same reference handler behind its own bare nginx',
              upstreamPort: Number(new URL(reference.direct.url).port),
            },
          ]),
      { label: 'Koa hello-world', url: koa.url, headers: {}, notes: 'bare Koa, own process, for scale' },
    ];
    const out: Row[] = [];
    try {
      const results = await loadEach(targets, (message) => ctx.log(`session: ${message}`));
      targets.forEach((target, i) =>
        out.push(...loadRows(target.label, results[i]!, `${target.notes}; ${CONNECTIONS} connections, ${DURATION} s`)),
      );
      const result = (label: string) => results[targets.findIndex((t) => t.label === label)];
      const rps = (label: string) => result(label)?.requests.average;
      out.push(
        ...floorRows(
          'GET /auth/session',
          {
            nginx: rps('GET /auth/session via nginx')!,
            direct: rps('GET /auth/session direct')!,
            reference: rps('GET /auth/session reference handler'),
            bare: rps('GET /auth/session via a bare nginx'),
            referenceBare: rps('GET /auth/session reference handler via a bare nginx'),
          },
          typeof reference === 'string' ? reference : undefined,
          {
            nginx: result('GET /auth/session via nginx'),
            reference: result('GET /auth/session reference handler'),
            bare: result('GET /auth/session via a bare nginx'),
          },
        ),
      );
    } finally {
      await koa.stop();
      await floors.stop();
    }
    return out;
  },
};
