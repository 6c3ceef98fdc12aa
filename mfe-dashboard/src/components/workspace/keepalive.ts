import { CSRF_HEADER_NAME, getCsrfToken } from '@cc/client';

/**
 * A write that survives the page going away (page hide, unload): `fetch(..., {keepalive})`
 * with the same headers as @cc/client. Browsers cap keepalive bodies at 64 KiB in flight;
 * bigger texts stay in the local draft and are saved on the next visit.
 */
export async function keepaliveWrite(method: 'PATCH' | 'POST', path: string, body: unknown): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  const token = getCsrfToken();
  if (token) headers[CSRF_HEADER_NAME] = token;
  const response = await fetch(path, { method, headers, body: JSON.stringify(body), credentials: 'same-origin', keepalive: true });
  const answer = (await response.json().catch(() => undefined)) as { success?: boolean } | undefined;
  if (!response.ok || answer?.success === false) throw Object.assign(new Error(`keepalive ${method} ${path} failed`), { status: response.status, body: answer });
  return answer;
}
