// The bench's floor for "an authenticated GET": bare Koa + pg (node-postgres, the driver the
// services use through knex) in its own process, no kit. It answers GET /files and
// GET /auth/session with the same SQL and the same JSON as svc-files and svc-identity, doing
// only what a minimal hand-written service must: read the session cookie, check its HMAC
// (the cookie format of packages/service-kit/src/session.ts), run the query, send the JSON.
//
//   DATABASE_URL=… SESSION_SECRET=… node bench/servers/reference-handler.mjs
//
// Listens on 127.0.0.1 (PORT, default: any free port) and prints `listening <port>`.
// GET /files answers as svc-files does in steady state: from the user's listing kept in memory
// (loaded once with svc-files' SQL; svc-files keeps it until a NOTIFY says the list changed,
// and the bench writes nothing while it loads). GET /files?fresh=1 runs the SQL every time.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import Koa from 'koa';
import pg from 'pg';

const COOKIE = 'cc_session';
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;
const secret = process.env.SESSION_SECRET;
if (!secret || !process.env.DATABASE_URL) {
  console.error('reference-handler: DATABASE_URL and SESSION_SECRET must be set');
  process.exit(2);
}
// knex's pool in the services holds at most 10 connections: the same here.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const mac = (data) => createHmac('sha256', secret).update(data).digest();

/** The session cookie's claims when its signature holds and it has not expired. */
function claimsOf(token) {
  if (!token) return null;
  const [version, payload, signature] = token.split('.');
  if (version !== 'v1' || !payload || !signature) return null;
  const expected = mac(`session:${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof claims.sid !== 'string' || typeof claims.uid !== 'number' || claims.iat * 1000 + MAX_AGE_MS < Date.now()) return null;
    return claims;
  } catch {
    return null;
  }
}

// svc-identity's activeSessionUser, prepared once per connection as svc-identity runs it (runHot).
const SESSION_SQL = {
  name: 'reference_active_session_user',
  text:
    'select u.id, u.email, u.is_admin from identity.sessions s join identity.users u on u.id = s.user_id ' +
    'where s.id = $1 and s.revoked_at is null limit 1',
};
const sessionUser = async (sid) => (await pool.query({ ...SESSION_SQL, values: [sid] })).rows[0];

// svc-files' filesIndexJson: Postgres builds the whole JSON text.
const LISTING_SQL = `select '{' || coalesce(string_agg(to_json(fo.name)::text || ':[' || coalesce(l.files, '') || ']', ',' order by fo.position, fo.id), '') || '}' as body
     from files.folders fo
     left join lateral (
       select string_agg('{"id":' || f.id || ',"name":' || to_json(f.name)::text || ',"description":' || to_json(f.description)::text || '}', ',' order by f.position, f.id) as files
       from files.files f where f.user_id = fo.user_id and f.folder_id = fo.id
     ) l on true
     where fo.user_id = $1`;

/** What svc-files keeps per user: the body's bytes and its ETag. */
const listings = new Map();
async function loadListing(userId) {
  const { rows } = await pool.query(LISTING_SQL, [userId]);
  const body = Buffer.from(rows[0].body, 'utf8');
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Sessions seen active (the services cache this answer too; a write would ask again). */
const activeSessions = new Set();

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.method !== 'GET') return; // 404
  const cookie = ctx.cookies.get(COOKIE);
  const claims = claimsOf(cookie);
  if (ctx.path === '/auth/session') {
    const user = claims && (await sessionUser(claims.sid));
    if (!user) {
      ctx.status = 401;
      ctx.body = { success: false, errors: ['You are not signed in.'] };
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      success: true,
      user: { id: user.id, email: user.email, is_admin: user.is_admin },
      csrf_token: mac(`csrf:${claims.sid}`).toString('base64url'),
    };
    return;
  }
  if (ctx.path === '/files') {
    if (claims && !activeSessions.has(claims.sid)) {
      if (await sessionUser(claims.sid)) activeSessions.add(claims.sid);
    }
    if (!claims || !activeSessions.has(claims.sid)) {
      ctx.status = 401;
      ctx.body = { success: false, errors: ['You are not signed in.'] };
      return;
    }
    let listing = ctx.query.fresh ? undefined : listings.get(claims.uid);
    if (!listing) {
      listing = await loadListing(claims.uid);
      if (!ctx.query.fresh) listings.set(claims.uid, listing);
    }
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('Vary', 'Cookie, Accept-Encoding');
    ctx.set('ETag', listing.etag);
    ctx.type = 'application/json';
    ctx.body = listing.body;
  }
});

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
server.keepAliveTimeout = 65_000;
const stop = () => server.close(() => pool.end().finally(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
