// jsdom has no TextEncoder/TextDecoder (every browser does), and react-router needs them when it
// loads. Since the chat in @cc/ui follows its citation links with the router, any page that
// imports @cc/ui loads it: every jsdom test gets them here (@cc/ui/testing/text-encoding stays
// for the tests that import it).
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof window !== 'undefined') {
  globalThis.TextEncoder ??= TextEncoder;
  globalThis.TextDecoder ??= TextDecoder;
}
