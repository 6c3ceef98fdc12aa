/** Coaching's tests: an administrator's client (the session's is_admin, as svc-identity signs it) and a CSV upload. */
import { randomBytes } from 'node:crypto';
import { csrfTokenFor, signSession } from '@cc/service-kit';
import { TEST_SECRET, TestClient } from '@cc/service-kit/testing';
import { CSRF_HEADER, SESSION_COOKIE, type CsvImportAnswer, type ErrorKeyAnswer } from '@cc/contracts';
import type { CoachingHarness } from '../test-support';

let nextAdmin = 900_000;

/** Either answer of the upload, as a test reads it. */
type CsvAnswer = { success: boolean } & Partial<Omit<CsvImportAnswer, 'success'> & Omit<ErrorKeyAnswer, 'success'>>;

export function adminClient(h: CoachingHarness): TestClient & { id: number } {
  const uid = nextAdmin++;
  const sid = `admin-${uid}-${randomBytes(4).toString('hex')}`;
  const client = new TestClient(h.svc.url);
  client.cookie = signSession(TEST_SECRET, { sid, uid, adm: true, iat: Math.floor(Date.now() / 1000) });
  client.csrf = csrfTokenFor(TEST_SECRET, sid);
  return Object.assign(client, { id: uid });
}

/** POST /coaching/upload_questions_csv as the page sends it: multipart `file` and `questionnaire_type`. */
export async function uploadCsv(client: TestClient, csv: string, questionnaireType = '', name = 'questions.csv') {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), name);
  form.append('questionnaire_type', questionnaireType);
  const res = await fetch(`${client.baseUrl}/coaching/upload_questions_csv`, {
    method: 'POST',
    headers: { accept: 'application/json', cookie: `${SESSION_COOKIE}=${client.cookie}`, [CSRF_HEADER]: client.csrf! },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as CsvAnswer };
}
