/** Shared by svc-files's integration tests: the service on a fresh database, signed-in clients (the kit's harness). */
import { startServiceHarness, type ServiceHarness, type TestDatabase } from '@cc/service-kit/testing';
import { filesService } from './service';

export { signIn } from '@cc/service-kit/testing';
export type FilesHarness = ServiceHarness;

export const startFiles = (env: Record<string, string> = {}, database?: TestDatabase): Promise<FilesHarness> =>
  startServiceHarness(filesService, env, database);

/** `encodeURIComponent` for folder names in paths. */
export const enc = encodeURIComponent;
