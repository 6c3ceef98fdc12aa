import { describe, expect, it } from '@jest/globals';
import { parseSse, SseParser } from './sse';

describe('SSE parser', () => {
  it('parses named events with JSON data', () => {
    expect(parseSse('event: token\ndata: {"text":"Hi"}\n\nevent: done\ndata: {"success":true,"message":"Hi"}\n\n')).toEqual([
      { event: 'token', data: '{"text":"Hi"}' },
      { event: 'done', data: '{"success":true,"message":"Hi"}' },
    ]);
  });

  it('joins data lines, ignores comments, defaults the event name', () => {
    expect(parseSse(': keep-alive\n\ndata: a\ndata: b\n\n')).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('handles events split anywhere, CRLF line ends included', () => {
    const parser = new SseParser();
    const text = 'event: token\r\ndata: {"text":"é"}\r\n\r\nevent: done\r\ndata: {}\r\n\r\n';
    const events = [];
    for (const ch of text) events.push(...parser.push(ch));
    events.push(...parser.end());
    expect(events).toEqual([
      { event: 'token', data: '{"text":"é"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('returns a last event that has no blank line after it', () => {
    const parser = new SseParser();
    expect(parser.push('event: done\ndata: {}')).toEqual([]);
    expect(parser.end()).toEqual([{ event: 'done', data: '{}' }]);
  });
});
