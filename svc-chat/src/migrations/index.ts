import type { Migration } from '@cc/service-kit';
import { conversations } from './001_conversations';
import { kitRateLimit } from './002_kit_rate_limit';
import { chatSettingsTable } from './003_chat_settings';
import { imports } from './004_imports';
import { importLedger } from './005_import_ledger';

/** svc-chat's schema changes, applied in order into the `chat` schema. */
export const migrations: Migration[] = [conversations, kitRateLimit, chatSettingsTable, imports, importLedger];
