/** One Server-Sent Event: its `event:` name ('message' when absent), its joined `data:` lines, its `id:`. */
export interface ServerEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Handed each event of a streamed answer as it arrives; returning true says it was the last one
 * the caller needs (reading stops and the stream is cancelled). What it throws ends the call.
 */
export type ServerEventHandler = (event: ServerEvent) => boolean | void;

/** What a call with `onEvent` resolves with when the answer came as a stream rather than JSON. */
export interface Streamed {
  readonly streamed: true;
  /** The handler said the last event came (false: the stream ended or broke off before). */
  readonly completed: boolean;
}

export function isStreamed(value: unknown): value is Streamed {
  return typeof value === 'object' && value !== null && (value as { streamed?: unknown }).streamed === true;
}

export const EVENT_STREAM_TYPE = 'text/event-stream';
