import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * The session cookie is `v1.<payload>.<mac>`: an HMAC-signed claim that every service
 * verifies locally with SESSION_SECRET, so no service needs identity's tables. Revocation
 * (sign-out) is enforced by svc-identity and, where configured, checked by the other
 * services through a SessionCheck.
 */
export interface SessionClaims {
  /** Session id (row in identity.sessions). */
  sid: string;
  /** User id. */
  uid: number;
  /** Admin flag at sign-in. */
  adm: boolean;
  /** Issued at, seconds since the epoch. */
  iat: number;
}

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

const b64 = (buf: Buffer) => buf.toString('base64url');

function mac(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signSession(secret: string, claims: SessionClaims): string {
  const payload = b64(Buffer.from(JSON.stringify(claims)));
  return `v1.${payload}.${b64(mac(secret, `session:${payload}`))}`;
}

/**
 * The cookie's claims when its signature holds and it has not expired. `verified`: the claims
 * this same token gave when its signature was checked before (auth.ts keeps them): only the
 * expiry is checked again.
 */
export function verifySession(secret: string, token: string | undefined, now = Date.now(), verified?: SessionClaims): SessionClaims | null {
  if (!token) return null;
  const claims = verified ?? signedClaims(secret, token);
  if (!claims || claims.iat * 1000 + SESSION_MAX_AGE_SECONDS * 1000 < now) return null;
  return claims;
}

function signedClaims(secret: string, token: string): SessionClaims | null {
  const [version, payload, signature] = token.split('.');
  if (version !== 'v1' || !payload || !signature) return null;
  const expected = mac(secret, `session:${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SessionClaims;
    if (typeof claims.sid !== 'string' || typeof claims.uid !== 'number' || typeof claims.iat !== 'number') return null;
    return claims;
  } catch {
    return null;
  }
}

/**
 * The tokens made lately, by secret and session id: GET /auth/session hands one out on every
 * call and each write checks one, and its HMAC was the largest part of the session answer's own
 * work left in a profile (bench/README.md#cpu-per-request). Only a cache of a pure function.
 */
const csrfTokens = new LRUCache<string, string>({ max: 10_000 });

/** The CSRF token is bound to the session id, so any service can check it without state. */
export function csrfTokenFor(secret: string, sid: string): string {
  const key = `${secret}\u0000${sid}`;
  let token = csrfTokens.get(key);
  if (token === undefined) {
    token = b64(mac(secret, `csrf:${sid}`));
    csrfTokens.set(key, token);
  }
  return token;
}

export function csrfTokenMatches(secret: string, sid: string, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(csrfTokenFor(secret, sid));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function newSessionId(): string {
  return b64(randomBytes(24));
}
