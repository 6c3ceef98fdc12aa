import type { BenchModule } from '../lib/types';
import { chat } from './chat';
import { files } from './files';
import { frontend } from './frontend';
import { session } from './session';

/** Every benchmark, in the order they run. Add new ones (AI streaming, GET /files, ...) here. */
export const MODULES: readonly BenchModule[] = [frontend, session, chat, files];
