import type { BenchModule } from '../lib/types';
import { frontend } from './frontend';
import { session } from './session';

/** Every benchmark, in the order they run. Add new ones (AI streaming, GET /files, ...) here. */
export const MODULES: readonly BenchModule[] = [frontend, session];
