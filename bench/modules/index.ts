import type { BenchModule } from '../lib/types';
import { calendar } from './calendar';
import { chat } from './chat';
import { coaching } from './coaching';
import { editor } from './editor';
import { explorer } from './explorer';
import { exportImport } from './export-import';
import { files } from './files';
import { frontend } from './frontend';
import { people } from './people';
import { planning } from './planning';
import { search } from './search';
import { searchMeaning } from './search-meaning';
import { session } from './session';

/** Every benchmark, in the order they run. Add new ones (AI streaming, GET /files, ...) here. */
export const MODULES: readonly BenchModule[] = [
  frontend,
  session,
  chat,
  files,
  explorer,
  editor,
  planning,
  coaching,
  people,
  search,
  calendar,
  exportImport,
  searchMeaning,
];
