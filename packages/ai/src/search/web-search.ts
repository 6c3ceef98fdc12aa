import { AiEmptyAnswerError } from '../errors';
import { guardCall } from '../openai/call-guard';
import { openAiClient } from '../openai/client';
import { unfence } from '../text';
import type { CallOptions } from '../types';
import type { WebSource } from './citations';

/**
 * A web search behind an OpenAI-compatible chat endpoint that answers with its sources, as
 * Perplexity's API does: the answer in `choices[0].message.content` with [n] markers, and the
 * sources beside it in `citations` (URLs; [n] is citations[n-1]) and/or `search_results`
 * ([{title, url, date}]). The real openai client makes the call; the extra fields are read
 * from its answer.
 */
export interface WebSearchOptions {
  /** e.g. https://api.perplexity.ai */
  baseURL: string;
  apiKey?: string;
  model: string;
  /** Budget for one search, retries included. */
  timeoutMs?: number;
  maxRetries?: number;
}

export interface WebSearchRequest extends CallOptions {
  system: string;
  query: string;
}

export interface WebSearchResult {
  answer: string;
  /** What the answer's [n] refer to: sources[n-1]. */
  sources: WebSource[];
}

export interface WebSearch {
  info(): { model: string };
  search(req: WebSearchRequest): Promise<WebSearchResult>;
}

export const DEFAULT_SEARCH_TIMEOUT_MS = 60_000;

interface SearchExtras {
  citations?: unknown;
  search_results?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The sources in the order the answer numbers them. */
export function sourcesOf(extras: SearchExtras): WebSource[] {
  const results = Array.isArray(extras.search_results)
    ? extras.search_results.flatMap((r): WebSource[] => {
        const o = (r ?? {}) as Record<string, unknown>;
        const url = text(o.url);
        return url ? [{ url, ...(text(o.title) ? { title: text(o.title)! } : {}), ...(text(o.date) ? { date: text(o.date)! } : {}) }] : [];
      })
    : [];
  const urls = Array.isArray(extras.citations) ? extras.citations.map((c) => text(c) ?? text((c as { url?: unknown })?.url) ?? '') : [];
  if (!urls.length) return results;
  const byUrl = new Map(results.map((r) => [r.url, r]));
  return urls.map((url) => byUrl.get(url) ?? { url });
}

export function createWebSearch(options: WebSearchOptions): WebSearch {
  const client = openAiClient({ ...options, maxRetries: options.maxRetries ?? 1 });
  const budget = options.timeoutMs ?? DEFAULT_SEARCH_TIMEOUT_MS;

  return {
    info: () => ({ model: options.model }),
    async search(req) {
      const guard = guardCall(req.timeoutMs ?? budget, req.signal);
      try {
        const completion = await client.chat.completions.create(
          {
            model: options.model,
            messages: [
              { role: 'system', content: req.system },
              { role: 'user', content: req.query },
            ],
          },
          { signal: guard.signal },
        );
        const answer = unfence(completion.choices[0]?.message?.content ?? '');
        if (!answer) throw new AiEmptyAnswerError();
        return { answer, sources: sourcesOf(completion as unknown as SearchExtras) };
      } catch (err) {
        throw guard.fail(err);
      } finally {
        guard.dispose();
      }
    },
  };
}
