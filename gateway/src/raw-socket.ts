/** Test helper: bytes on a TCP socket, for requests no HTTP client would send. */
import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `text` as it is and reads until the server closes (send `Connection: close`). */
export function sendRaw(port: number, text: string | Buffer, timeoutMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('no answer in time')), timeoutMs);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (err) => {
      clearTimeout(timer);
      // A reset after the answer arrived still counts as the answer.
      if (chunks.length > 0) resolve(parse(Buffer.concat(chunks).toString('utf8')));
      else reject(err);
    });
    socket.on('end', () => {
      clearTimeout(timer);
      resolve(parse(Buffer.concat(chunks).toString('utf8')));
    });
    socket.write(text);
  });
}

function parse(raw: string): RawAnswer {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let body = rest.join('\r\n\r\n');
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body };
}

function unchunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

/** The `errors` list of a JSON answer, or undefined when the body is not that shape. */
export function errorsOf(answer: RawAnswer): string[] | undefined {
  try {
    const parsed = JSON.parse(answer.body) as { success?: unknown; errors?: unknown };
    return parsed.success === false && Array.isArray(parsed.errors) ? (parsed.errors as string[]) : undefined;
  } catch {
    return undefined;
  }
}
