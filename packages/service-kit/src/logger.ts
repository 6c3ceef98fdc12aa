import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Longest string any log field keeps; longer ones are cut and say by how much. */
export const LOG_STRING_MAX = 1000;
const LOG_ARRAY_MAX = 20;
const LOG_DEPTH_MAX = 4;
const SQLSTATE = /^[0-9A-Z]{5}$/;

const clip = (s: string, max = LOG_STRING_MAX) => (s.length > max ? `${s.slice(0, max)}… (${s.length - max} more characters)` : s);

/** Stack frames only: the first line repeats the message, which may quote the user's text. */
const frames = (stack: unknown) => (typeof stack === 'string' ? clip(stack.split('\n').slice(1).join('\n'), 2000) : undefined);

/**
 * Errors as logs may carry them. A database error names the query's parameters, quotes the
 * offending value in its message and detail, and repeats it in its stack: only its code, where it
 * happened and the SQL text (placeholders, never values) are kept. Others keep a clipped message.
 */
export function safeError(err: unknown, depth = 0): unknown {
  if (!err || typeof err !== 'object') return typeof err === 'string' ? clip(err) : err;
  const e = err as Record<string, unknown>;
  const type = (err as object).constructor?.name ?? 'Error';
  if (typeof e.code === 'string' && SQLSTATE.test(e.code)) {
    const sql = typeof e.query === 'string' ? e.query : typeof e.message === 'string' ? e.message.split(' - ')[0] : undefined;
    return {
      type,
      message: `database error ${e.code}`,
      code: e.code,
      ...pick(e, ['severity', 'schema', 'table', 'column', 'constraint', 'routine']),
      ...(sql ? { sql: clip(sql, 500) } : {}),
      stack: frames(e.stack),
    };
  }
  return {
    type,
    message: typeof e.message === 'string' ? clip(e.message, 500) : undefined,
    ...pick(e, ['code', 'status', 'statusCode', 'type']),
    stack: frames(e.stack),
    ...(e.cause && depth < 2 ? { cause: safeError(e.cause, depth + 1) } : {}),
  };
}

function pick(e: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys)
    if (typeof e[k] === 'string' || typeof e[k] === 'number') out[k] = typeof e[k] === 'string' ? clip(e[k] as string, 200) : e[k];
  return out;
}

/** Every field of a log line, bounded: long strings clipped, long lists cut, deep objects summarised. */
export function boundLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return clip(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= LOG_DEPTH_MAX) return '[object]';
  if (Array.isArray(value)) {
    const kept = value.slice(0, LOG_ARRAY_MAX).map((v) => boundLogValue(v, depth + 1));
    return value.length > LOG_ARRAY_MAX ? [...kept, `… ${value.length - LOG_ARRAY_MAX} more`] : kept;
  }
  if (value instanceof Error) return safeError(value);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = boundLogValue(v, depth + 1);
  return out;
}

/** The top level of a line: `err` is left to its serializer (safeError), which runs after this. */
function boundLogLine(object: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(object)) out[k] = k === 'err' || k === 'error' ? v : boundLogValue(v, 1);
  return out;
}

export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      name,
      level,
      base: { service: name },
      redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'password'],
      serializers: { err: safeError, error: safeError },
      formatters: { log: boundLogLine },
    },
    destination,
  );
}
