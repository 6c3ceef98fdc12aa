import type { ChatStream } from './types';

/**
 * Wraps a source of text deltas. The source starts only when first read, can be read once,
 * and is closed (its request cancelled) if the reader stops early.
 */
export class TextStream implements ChatStream {
  #text = '';
  #iterator: AsyncIterator<string> | undefined;
  #done = false;

  constructor(private readonly source: () => AsyncIterable<string>) {}

  get text(): string {
    return this.#text;
  }

  [Symbol.asyncIterator](): AsyncIterator<string> {
    if (this.#iterator) throw new Error('A chat stream can be read only once');
    const inner = this.source()[Symbol.asyncIterator]();
    this.#iterator = {
      next: async () => {
        if (this.#done) return { done: true, value: undefined };
        const step = await inner.next();
        if (step.done) {
          this.#done = true;
          return { done: true, value: undefined };
        }
        this.#text += step.value;
        return step;
      },
      return: async () => {
        this.#done = true;
        await inner.return?.();
        return { done: true, value: undefined };
      },
    };
    return this.#iterator;
  }

  async final(): Promise<string> {
    const iterator = this.#iterator ?? this[Symbol.asyncIterator]();
    while (!(await iterator.next()).done) {
      // the deltas accumulate in #text
    }
    return this.#text;
  }
}

/** Streams a ready answer a few words at a time, as a model would (the offline coach). */
export function streamOfText(text: string, signal?: AbortSignal, onAbort?: () => Error): TextStream {
  return new TextStream(async function* () {
    const pieces = text.match(/\S+\s*|\s+/g) ?? [];
    for (let i = 0; i < pieces.length; i += 3) {
      if (signal?.aborted && onAbort) throw onAbort();
      yield pieces.slice(i, i + 3).join('');
    }
  });
}
