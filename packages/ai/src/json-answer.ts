import { z } from 'zod';

export type JsonAnswer<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * Reads JSON out of a model's answer. Local models often wrap it in a ``` fence or add a
 * sentence around it even in JSON mode, so the outermost object or array is taken.
 */
export function extractJson(text: string): unknown {
  const trimmed = text.trim();
  const fenced = trimmed.match(/```(?:json)?\s*\n?([\s\S]*?)```/i);
  const candidates = [fenced?.[1], trimmed, outermost(trimmed, '{', '}'), outermost(trimmed, '[', ']')];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next reading
    }
  }
  throw new SyntaxError('The answer is not JSON');
}

function outermost(text: string, open: string, close: string): string | undefined {
  const start = text.indexOf(open);
  const end = text.lastIndexOf(close);
  return start >= 0 && end > start ? text.slice(start, end + 1) : undefined;
}

export function parseJsonAnswer<S extends z.ZodType>(schema: S, text: string): JsonAnswer<z.output<S>> {
  let raw: unknown;
  try {
    raw = extractJson(text);
  } catch {
    return { ok: false, problem: 'The answer was not valid JSON.' };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('; ');
  return { ok: false, problem: `The JSON did not match the required shape (${issues}).` };
}

/** The format instruction appended to the system prompt of every structured call. */
export function formatInstruction(schema: z.ZodType, name = 'answer'): string {
  let shape: string;
  try {
    const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    shape = JSON.stringify(jsonSchema);
  } catch {
    shape = '(see the instructions above)';
  }
  return [
    `Answer with the ${name} as one JSON value and nothing else: no prose, no markdown fence.`,
    `It must match this JSON Schema: ${shape}`,
  ].join('\n');
}
