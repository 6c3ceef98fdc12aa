import { randomUUID } from 'node:crypto';
import type { BenchUser } from './types';

const SESSION_COOKIE = 'cc_session';

/** Create an account through the gateway and keep its session cookie. */
export async function signUp(baseURL: string, tag = 'bench'): Promise<BenchUser> {
  const email = `bench-${tag}-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'bench password 123';
  const res = await fetch(new URL('/auth/sign_up', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { csrf_token: string };
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!setCookie) throw new Error('sign-up set no session cookie');
  const cookieValue = setCookie.slice(SESSION_COOKIE.length + 1).split(';')[0]!;
  return {
    email,
    password,
    cookieName: SESSION_COOKIE,
    cookieValue,
    cookie: `${SESSION_COOKIE}=${cookieValue}`,
    csrfToken: body.csrf_token,
  };
}
