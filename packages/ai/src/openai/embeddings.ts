import { AiMalformedAnswerError } from '../errors';
import { guardCall } from './call-guard';
import { openAiClient } from './client';
import { DEFAULT_MAX_RETRIES } from './openai-provider';

/** Turns texts into vectors: one model at an OpenAI-compatible `/embeddings`. */
export interface Embedder {
  /** Stored beside every vector: vectors of different models are never compared. */
  readonly model: string;
  /** The length of the vectors, once the model has answered (or as configured). */
  readonly dimensions?: number;
  /** One vector per text, in the texts' order. Fails with the package's typed errors. */
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

export interface EmbedderOptions {
  baseURL: string;
  apiKey?: string;
  model: string;
  /** Budget for one request of at most EMBED_BATCH texts, retries included. */
  timeoutMs?: number;
  maxRetries?: number;
}

/** Texts per request: the usual servers take more, but a smaller request fails and retries cheaply. */
export const EMBED_BATCH = 64;
/** Embedding is background work: a minute is long enough for 64 passages on a slow local server. */
export const DEFAULT_EMBED_TIMEOUT_MS = 60_000;

export function createOpenAiEmbedder(options: EmbedderOptions): Embedder {
  const client = openAiClient({ ...options, maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES });
  const timeoutMs = options.timeoutMs ?? DEFAULT_EMBED_TIMEOUT_MS;
  let dimensions: number | undefined;

  async function batch(input: string[], signal?: AbortSignal): Promise<number[][]> {
    const guard = guardCall(timeoutMs, signal);
    try {
      // 'float' asked for plainly: the client would otherwise ask for base64, which not every
      // OpenAI-compatible server knows.
      const answer = await client.embeddings.create({ model: options.model, input, encoding_format: 'float' }, { signal: guard.signal });
      const vectors: number[][] = new Array(input.length);
      for (const item of answer.data ?? []) {
        if (Number.isInteger(item.index) && item.index >= 0 && item.index < input.length) vectors[item.index] = Array.from(item.embedding);
      }
      // The answer is checked, never its texts quoted: what the user wrote stays out of errors and logs.
      const size = vectors[0]?.length ?? 0;
      for (let i = 0; i < input.length; i++) {
        const v = vectors[i];
        if (!v || v.length === 0 || v.length !== size || v.some((x) => !Number.isFinite(x))) {
          throw new AiMalformedAnswerError(`The embeddings answer has no usable vector for input ${i} of ${input.length}`, '');
        }
      }
      // A model that changes its length under the same name would make stored vectors incomparable.
      if (dimensions !== undefined && size !== dimensions) {
        throw new AiMalformedAnswerError(`The embeddings model answered ${size} dimensions, before ${dimensions}`, '');
      }
      dimensions = size;
      return vectors;
    } catch (err) {
      throw guard.fail(err);
    } finally {
      guard.dispose();
    }
  }

  return {
    model: options.model,
    get dimensions() {
      return dimensions;
    },
    async embed(texts, signal) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += EMBED_BATCH) {
        out.push(...(await batch(texts.slice(i, i + EMBED_BATCH), signal)));
      }
      return out;
    },
  };
}
