/** One server-sent event: its `event:` name ('message' when absent) and joined `data:` lines. */
export interface SseEvent {
  event: string;
  data: string;
}

function parseBlock(block: string): SseEvent | null {
  let event = 'message';
  const data: string[] = [];
  let seen = false;
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') {
      event = value || 'message';
      seen = true;
    } else if (field === 'data') {
      data.push(value);
      seen = true;
    }
  }
  return seen ? { event, data: data.join('\n') } : null;
}

/**
 * Incremental text/event-stream parser: feed it decoded chunks as they arrive (an event may
 * be split anywhere, including between `\r` and `\n`); it returns each complete event once.
 */
export class SseParser {
  #buffer = '';
  #pendingCr = false;

  push(chunk: string): SseEvent[] {
    let text = chunk;
    if (this.#pendingCr) {
      text = `\r${text}`;
      this.#pendingCr = false;
    }
    if (text.endsWith('\r')) {
      this.#pendingCr = true;
      text = text.slice(0, -1);
    }
    this.#buffer += text.replace(/\r\n?/g, '\n');
    const events: SseEvent[] = [];
    let end: number;
    while ((end = this.#buffer.indexOf('\n\n')) >= 0) {
      const block = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      const event = parseBlock(block);
      if (event) events.push(event);
    }
    return events;
  }

  /** The stream ended: whatever complete-looking event is left. */
  end(): SseEvent[] {
    const rest = this.#buffer + (this.#pendingCr ? '\n' : '');
    this.#buffer = '';
    this.#pendingCr = false;
    const event = parseBlock(rest.replace(/\r\n?/g, '\n'));
    return event ? [event] : [];
  }
}

/** Parses a whole text/event-stream body at once. */
export function parseSse(text: string): SseEvent[] {
  const parser = new SseParser();
  return [...parser.push(text), ...parser.end()];
}
