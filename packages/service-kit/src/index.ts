export {
  createApp,
  defineService,
  type BackgroundTask,
  type ServiceApp,
  type ServiceConfig,
  type ServiceContext,
  type ServiceDefinition,
} from './app';
export { ServiceRouter, zodMessages, type RouteSpec, type RouteInput } from './router';
export { HttpError, httpError, errorMiddleware } from './errors';
export { conflict, idFrom, invalid, isUniqueViolation, iso, notFound, parseBody } from './route-helpers';
export { createLogger, type Logger } from './logger';
export { createDb, dbOpen, migrate, runHot, tableNames, toInt, type Db, type HotStatement, type Migration } from './db';
export { bossDb, retriedOnRace, startedBoss } from './boss-db';
export {
  signSession,
  verifySession,
  csrfTokenFor,
  csrfTokenMatches,
  newSessionId,
  SESSION_MAX_AGE_SECONDS,
  type SessionClaims,
} from './session';
export { remoteSessionCheck, SESSIONS_REVOKED_CHANNEL, type SessionCheck, type SessionRecord } from './session-check';
export { listenForChanges, type ListenHandlers } from './pg-listen';
export { cachedAnswer, gzippedBody, listenForUserChanges, sendCachedJson, UserAnswerCache, type CachedAnswer } from './user-answer-cache';
export { sessionMiddleware, type RequestUser } from './auth';
export { runService, requireEnv, onShutdown, keepRunningOnUnhandledRejection } from './run';
export { drainable, DEFAULT_DRAIN_MS, DEFAULT_GRACE_MS, type Drainer, type DrainOptions } from './shutdown';
export { answerClientErrorsAsJson } from './client-errors';
export {
  createModelCalls,
  clientGoneSignal,
  modelFailure,
  modelMessages,
  CLIENT_GONE_STATUS,
  MODEL_CALL_CANCELLED,
  MODEL_FAILURE_STATUS,
  type ModelCalls,
  type ModelFailureMessages,
} from './model-calls';
export { postgresRateLimit, type PostgresRateLimitOptions } from './rate-limits';
export {
  intSetting,
  limitSetting,
  flagSetting,
  urlSetting,
  kitSettings,
  parseSettings,
  SettingsError,
  type KitSettings,
  type SettingsSchema,
} from './settings';
export { receiveUpload, DEFAULT_UPLOAD_BYTES, type UploadSpec, type UploadedFile } from './upload';
export { peerClient, peerClientAs, DEFAULT_PEER_TIMEOUT_MS, type PeerClient, type PeerAnswer, type PeerCaller } from './peer';
export { deleteAccountRows, deletionOrder, tablesWithoutOwner } from './account-deletion';
export { defineModule, composeModules, moduleMigrations, moduleRoutes, type ServiceModule } from './modules';
export {
  bigIdKey,
  decodeCursor,
  encodeCursor,
  intKey,
  keyset,
  pageFrom,
  pageOf,
  type Keyset,
  type Page,
  type SortKey,
  type SortValue,
} from './paging';
export {
  ensureExtension,
  headlineSql,
  parseSearch,
  rankSql,
  snippetOf,
  trigramSql,
  typoMatches,
  TYPO_SIMILARITY,
  withinOneEdit,
  SEARCH_CONFIG,
  TOTAL_SQL,
  type ParsedSearch,
} from './search';
export { COMMON_SHARE, distinctiveWords, parseTopicSearch } from './common-words';
export {
  DOMAIN_SEARCH_PATHS,
  PASSAGE_LIMIT,
  peerDomainSearch,
  retrievePassages,
  searchWorkspace,
  topicWords,
  type DomainSearch,
  type DomainSearches,
  type Passage,
  type PassageRequest,
  type WorkspaceAnswer,
  type WorkspaceQuery,
} from './search-fanout';
export {
  contentHash,
  createVectorTable,
  deleteVectors,
  embedPending,
  fuseGroup,
  fuseRankings,
  type MeaningMatch,
  nearest,
  scheduleEmbeddings,
  storedVectorJoin,
  tableStorage,
  upsertVectors,
  vectorStorage,
  EMBED_PENDING_LIMIT,
  RRF_K,
  VECTOR_TABLE,
  type EmbeddingSchedule,
  type NearestQuery,
  type NearestRow,
  type PendingText,
  type VectorRow,
  type VectorStorage,
} from './embeddings';
export {
  EmbeddingsQueue,
  EMBEDDINGS_KICK_DELAY_MS,
  queryVector,
  QUERY_VECTOR_MS,
  RETRIEVAL_VECTOR_MS,
  startedEmbeddingsQueues,
  stopEmbeddingsQueues,
  type EmbeddingsQueueOptions,
  type MeaningSearch,
} from './embeddings-queue';
export { sendExportPart, rowsById, isoOrNull, recordRow, type ExportPart } from './export-part';
export {
  createTrashTable,
  deleteRowsReturning,
  emptyTrash,
  insertableColumns,
  listTrash,
  purgeTrash,
  putInTrash,
  restoreRows,
  snapshotRows,
  takeFromTrash,
  trashItem,
  TrashPurge,
  TRASH_PURGE_CRON,
  TRASH_TABLE,
  type NewTrashEntry,
  type OnPurged,
  type PurgedEntry,
  type Row as SnapshotRow,
  type TrashEntry,
  type TrashPayload,
  type TrashPurgeOptions,
} from './trash';
export { peerStream, type PeerStream } from './peer-stream';
export { DOMAIN_TRASH_PATHS, domainTrashRoutes, restoreEntry, type DomainTrash, type Restored, type Restorers } from './trash-routes';
export {
  commitImport,
  createImportLedger,
  definedColumns,
  importedStamps,
  unusedName,
  domainImportRoutes,
  IMPORT_LEDGER_TABLE,
  importBatch,
  undoImport,
  type DomainImport,
  type ImportTable,
  type ImportWrite,
} from './import-ledger';
export { ABANDONED_IMPORT_MS, undoAbandonedImports } from './import-sweep';
