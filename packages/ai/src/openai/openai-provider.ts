import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { z } from 'zod';
import { TextStream } from '../chat-stream';
import { AiMalformedAnswerError, AiUnavailableError } from '../errors';
import { formatInstruction, parseJsonAnswer } from '../json-answer';
import { modelTasks } from '../model-tasks';
import type { AiCapabilities, AiProvider, ChatMessage, ChatRequest, StructuredRequest } from '../types';
import { guardCall, type CallGuard } from './call-guard';
import { openAiClient } from './client';

export interface OpenAiProviderOptions {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama) */
  baseURL: string;
  /** Local servers need none. */
  apiKey?: string;
  model: string;
  /** Budget for one call, retries included. */
  timeoutMs?: number;
  /** Retries of failed HTTP requests (429, 5xx, connection errors) by the openai client. */
  maxRetries?: number;
  /** Ask for response_format json_object on structured calls; off for servers without it. */
  jsonMode?: boolean;
  /**
   * Told the tokens of each answer when the endpoint reports them (the eval's token columns). A
   * stream asks for them (`stream_options.include_usage`) only when this is set: some servers
   * reject options they do not know, and the product does not need the counts.
   */
  onUsage?: (usage: AiUsage) => void;
}

/** The tokens one model answer took, as the endpoint reported them. */
export interface AiUsage {
  promptTokens: number;
  completionTokens: number;
}

export const DEFAULT_TIMEOUT_MS = 90_000;
export const DEFAULT_MAX_RETRIES = 1;

export function createOpenAiCapabilities(options: OpenAiProviderOptions): AiCapabilities {
  const client = openAiClient({ ...options, maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES });
  const model = options.model;
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const jsonMode = options.jsonMode ?? true;
  const report = (usage: { prompt_tokens: number; completion_tokens: number }) =>
    options.onUsage?.({ promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens });

  const toWire = (system: string | undefined, messages: ChatMessage[]): ChatCompletionMessageParam[] => [
    ...(system ? [{ role: 'system' as const, content: system }] : []),
    ...messages.map((m) => ({ role: m.role, content: m.content })),
  ];

  async function complete(req: ChatRequest, guard: CallGuard, json = false): Promise<string> {
    try {
      const completion = await client.chat.completions.create(
        {
          model,
          messages: toWire(req.system, req.messages),
          ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
          ...(req.maxTokens !== undefined ? { max_tokens: req.maxTokens } : {}),
          ...(json && jsonMode ? { response_format: { type: 'json_object' as const } } : {}),
        },
        { signal: guard.signal },
      );
      if (completion.usage) report(completion.usage);
      return completion.choices[0]?.message?.content ?? '';
    } catch (err) {
      throw guard.fail(err);
    }
  }

  return {
    info: () => ({ provider: 'openai-compatible', model }),

    async chat(req) {
      const guard = guardCall(req.timeoutMs ?? defaultTimeout, req.signal);
      try {
        return await complete(req, guard);
      } finally {
        guard.dispose();
      }
    },

    chatStream(req) {
      return new TextStream(async function* () {
        const guard = guardCall(req.timeoutMs ?? defaultTimeout, req.signal);
        try {
          const stream = await client.chat.completions.create(
            {
              model,
              messages: toWire(req.system, req.messages),
              stream: true,
              ...(options.onUsage ? { stream_options: { include_usage: true } } : {}),
              ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
              ...(req.maxTokens !== undefined ? { max_tokens: req.maxTokens } : {}),
            },
            { signal: guard.signal },
          );
          let finished = false;
          for await (const chunk of stream) {
            // With include_usage the counts come in a last chunk of their own, without choices.
            if (chunk.usage) report(chunk.usage);
            const choice = chunk.choices[0];
            if (choice?.delta?.content) yield choice.delta.content;
            if (choice?.finish_reason) finished = true;
          }
          guard.throwIfStopped();
          // The client ends quietly when the connection is cut; only a finish reason says the
          // reply is whole, and a partial reply must never be stored as if it were.
          if (!finished) throw new AiUnavailableError('The AI model stream ended before the reply was complete');
        } catch (err) {
          throw guard.fail(err);
        } finally {
          guard.dispose();
        }
      });
    },

    async structured<S extends z.ZodType>(req: StructuredRequest<S>): Promise<z.output<S>> {
      const system = [req.system, formatInstruction(req.schema, req.name)].filter(Boolean).join('\n\n');
      const guard = guardCall(req.timeoutMs ?? defaultTimeout, req.signal);
      try {
        let messages = req.messages;
        let answer = await complete({ ...req, system, messages }, guard, true);
        let parsed = parseJsonAnswer(req.schema, answer);
        if (parsed.ok) return parsed.value;
        // One retry, showing the model its own answer and what was wrong with it.
        messages = [
          ...messages,
          { role: 'assistant', content: answer },
          { role: 'user', content: `${parsed.problem} Answer again with JSON only, exactly in the required shape.` },
        ];
        answer = await complete({ ...req, system, messages }, guard, true);
        parsed = parseJsonAnswer(req.schema, answer);
        if (parsed.ok) return parsed.value;
        throw new AiMalformedAnswerError(`The AI model gave a malformed answer twice. ${parsed.problem}`, answer);
      } finally {
        guard.dispose();
      }
    },
  };
}

export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider {
  const capabilities = createOpenAiCapabilities(options);
  return { ...capabilities, ...modelTasks(capabilities) };
}
