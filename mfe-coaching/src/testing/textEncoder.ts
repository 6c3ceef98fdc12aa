import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util';

// jsdom has no TextEncoder/TextDecoder (every browser does); react-router needs them when it loads.
// Import this first in a test that renders the router.
const g = globalThis as { TextEncoder?: unknown; TextDecoder?: unknown };
g.TextEncoder ??= NodeTextEncoder;
g.TextDecoder ??= NodeTextDecoder;
