import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util';

// jsdom has no TextEncoder/TextDecoder (every browser does); react-router needs them when it
// loads, so a test imports this module first.
const g = globalThis as Record<string, unknown>;
g.TextEncoder ??= NodeTextEncoder;
g.TextDecoder ??= NodeTextDecoder;
