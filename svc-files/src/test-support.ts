/** Shared by svc-files's integration tests: the service on a fresh database, signed-in clients (the kit's harness). */
import { startServiceHarness, type ServiceHarness, type TestClient, type TestDatabase } from '@cc/service-kit/testing';
import { filesService } from './service';

export { signIn } from '@cc/service-kit/testing';
export type FilesHarness = ServiceHarness;

export const startFiles = (env: Record<string, string> = {}, database?: TestDatabase): Promise<FilesHarness> =>
  startServiceHarness(filesService, env, database);

/** `encodeURIComponent` for folder names in paths. */
export const enc = encodeURIComponent;

/** Creates a file (POST /files) and answers its id; any other answer fails the test. */
export async function newFile(c: TestClient, file: Record<string, unknown>): Promise<number> {
  const res = await c.post('/files', { file });
  if (res.status !== 201) throw new Error(`POST /files ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.file.id as number;
}
