/**
 * Tests of search by meaning (docs/search.md#with-a-model-that-embeds): a service started with
 * EMBEDDINGS_MODEL at the loopback test model of `@cc/ai/testing`, whose vectors are hashed bags
 * of word stems. The three domains' search-vectors tests start theirs the same way.
 */
import { Writable } from 'node:stream';
import { modelEnv, startOpenAiTestServer, type OpenAiTestServer } from '@cc/ai/testing';
import type { ServiceDefinition } from './app';
import { startedEmbeddingsQueues, type EmbeddingsQueue } from './embeddings-queue';
import { createLogger } from './logger';
import { freshDatabase, signIn, startTestService, TestClient, type RunningService, type SignedClient, type TestDatabase } from './testing';

/** The model name the service is given: stored with every vector it writes. */
export const TEST_EMBEDDING_MODEL = 'test-embedding-model';

export interface ServiceWithModel<E> {
  /** The loopback model: the requests it answered, and replies to script (a failure, a delay). */
  model: OpenAiTestServer;
  database: TestDatabase;
  svc: RunningService;
  /** The service's embeddings queue (its runs, `embedAll`, `stop`). */
  embeddings: E;
  /** The service's log lines, kept to check what it logs (never a query). */
  lines: string[];
  /** A new signed-in user. */
  user(): SignedClient;
  /** Stops the queue, the service and the model, and drops the database. */
  close(): Promise<void>;
}

/**
 * Starts the test model, then the service on a fresh database with EMBEDDINGS_MODEL at it (and
 * a similarity floor the hashed vectors reach), its log kept; `embeddings` is the queue the
 * service started on that database (E: the service's EmbeddingsQueue). Users count up from `firstUser`.
 */
export async function startWithTestModel<E extends EmbeddingsQueue>(
  def: ServiceDefinition,
  options: { firstUser: number },
): Promise<ServiceWithModel<E>> {
  const model = await startOpenAiTestServer();
  const database = await freshDatabase();
  const lines: string[] = [];
  const logger = createLogger(
    def.name,
    'info',
    new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  const env = { ...modelEnv(model), EMBEDDINGS_MODEL: TEST_EMBEDDING_MODEL, EMBEDDINGS_MIN_SIMILARITY: '0.25' };
  const svc = await startTestService(def, database.db, { env, logger });
  const embeddings = startedEmbeddingsQueues().find((e) => e.db === database.db) as E;
  let nextUser = options.firstUser;
  return {
    model,
    database,
    svc,
    embeddings,
    lines,
    user: () => signIn(new TestClient(svc.url), nextUser++),
    close: async () => {
      await embeddings.stop();
      await svc.close();
      await database.drop();
      await model.close();
    },
  };
}

/** Waits until `check` holds (a background run landed), failing after `ms`. */
export async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
