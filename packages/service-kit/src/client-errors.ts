import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from '@cc/contracts';

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/**
 * Requests Node refuses before any handler runs (a bad request line, headers too large, a
 * timeout) get the same JSON refusal as every other, instead of Node's empty-bodied default.
 */
export function answerClientErrorsAsJson(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = errorBody(status);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
}
