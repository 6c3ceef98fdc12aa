export type * from './types';
export {
  AiError,
  AiTimeoutError,
  AiUnavailableError,
  AiMalformedAnswerError,
  AiEmptyAnswerError,
  AiAbortedError,
  isAiError,
  type AiErrorCode,
} from './errors';
export { createAiProvider, aiConfigFromEnv, CONNECT_MODEL_HINT, DEFAULT_MODEL, type AiEnv } from './config';
export { createEmbedder, embeddingsConfigFromEnv } from './config';
export { createOpenAiEmbedder, DEFAULT_EMBED_TIMEOUT_MS, EMBED_BATCH, type Embedder, type EmbedderOptions } from './openai/embeddings';
export {
  createOpenAiProvider,
  createOpenAiCapabilities,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_MAX_RETRIES,
  type OpenAiProviderOptions,
  type AiUsage,
} from './openai/openai-provider';
export { createOfflineCoach, OFFLINE_MODEL } from './offline/offline-provider';
export { modelTasks } from './model-tasks';
export {
  chatPageOf,
  pageWordsFor,
  foreignWordsIn,
  meetingFromText,
  PAGE_WORDS,
  type PageWords,
  type SubjectOf,
  type ChatPageInput,
} from './chat-pages';
export { citedReferences, notesNotice, withoutCitations } from './passages';
export { filterSuggestions } from './suggestion-filter';
export { workbackStepDescription, workbackStepTitles } from './workback-titles';
export { TextStream } from './chat-stream';
export {
  folderSuggestionPrompt,
  fileSuggestionPrompt,
  fileDraftPrompt,
  profileStatementsPrompt,
  chatReplySystem,
  type ChatPromptInput,
  planningActionsInstruction,
  suggestEditsPrompt,
  summarizePrompt,
  scorePrompt,
  weekPlanPrompt,
  weekContextPrompt,
  WEEK_CONTEXT_HEADINGS,
  type WeekContext,
  coachingPlanPrompt,
  companyStatementsPrompt,
  narrativePrompt,
  meetingSectionPrompt,
  type Prompt,
} from './prompts';
export {
  CAREER_FOLDERS,
  EXTRA_FOLDERS,
  FOLDER_SUGGESTIONS,
  folderGuide,
  sectionsFor,
  type FolderGuide,
  type GuideSection,
} from './career-folders';
export * from '@cc/contracts/star';
export { extractStatements, MAX_STATEMENTS } from './statements';
export {
  findPlanningAction,
  withoutPlanningAction,
  planningActionJson,
  PLANNING_ACTION_EXAMPLES,
  type PlanningAction,
  type DetectedPlanningAction,
  type TodoDataInput,
  type GoalDataInput,
} from '@cc/contracts/planning-actions';
export { article, normalizeCount, roleWithArticle, suggestionKey, withArticle } from './text';
export { parseJsonAnswer, extractJson } from './json-answer';
export {
  createWebSearch,
  sourcesOf,
  DEFAULT_SEARCH_TIMEOUT_MS,
  type WebSearch,
  type WebSearchOptions,
  type WebSearchRequest,
  type WebSearchResult,
} from './search/web-search';
export { tidyCitations, citationNumbers, siteOf, type Citation as WebCitation, type WebSource } from './search/citations';
export { personResearchPrompt } from './search/person-research';
