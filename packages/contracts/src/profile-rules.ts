/**
 * The About me profile's rules without zod, for the panel and the service alike: its texts,
 * delays and limits (docs/about-me.md#messages, #limits-and-delays), and the statement statuses.
 */

export const PROFILE_LIMITS = {
  fullName: 200,
  company: 200,
  role: 200,
  companyDescription: 5_000,
  extra: 10_000,
  /** The editable prompts of the Generate modal. */
  system: 20_000,
  user: 60_000,
  /** At most 200 extracted statements (docs/about-me.md#statements). */
  statements: 200,
} as const;

export const PROFILE_DELAYS_MS = {
  /** Autosave 700 ms after typing, and on blur (docs/about-me.md#details). */
  autosave: 700,
  /** 'Save failed' shows for 2 seconds (docs/about-me.md#details). */
  saveFailedShown: 2_000,
  /** The narrative hint changes after 8 s (docs/about-me.md#generation). */
  narrativeHint: 8_000,
  /** Narrative polling every 2 s, for up to 20 s (docs/about-me.md#generation). */
  narrativePoll: 2_000,
  narrativePollMax: 20_000,
  /** How often the panel asks for a deep research's progress. */
  deepResearchPoll: 3_000,
} as const;

export const STATEMENT_STATUSES = ['verified', 'unverified', 'rejected'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

export const RESEARCH_MODES = ['quick', 'deep'] as const;
export type ResearchMode = (typeof RESEARCH_MODES)[number];

/** A deep research's state, as the status call reports it. */
export const GENERATION_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type GenerationState = (typeof GENERATION_STATES)[number];
export const GENERATION_PHASES = ['queued', 'reading', 'researching', 'writing', 'extracting', 'done'] as const;
export type GenerationPhase = (typeof GENERATION_PHASES)[number];

/** An empty source groups a company statement under 'Company' (docs/about-me.md#company-insights). */
export const DEFAULT_COMPANY_GROUP = 'Company';

export const PROFILE_MESSAGES = {
  // The panel's texts (docs/about-me.md#messages).
  saving: 'Saving',
  /** Said once the details are stored, as every other autosave does. */
  saved: 'Saved',
  saveFailed: 'Save failed',
  generateFailed: 'Failed to generate profile.',
  profileReady: 'User profile ready. Fetching company insights...',
  narrativeHint: 'Still working on your executive summary... (this can take ~30-60s)',
  narrativeFailed: 'Failed to generate executive summary.',
  deepResearchLoading: 'Generating your professional profile with deep research (this may take 5-15 minutes)...',
  updatedEvent: 'aboutme:updated',
  // Server rules (documented in svc-people's README).
  detailsShape: 'details must be an object, e.g. details{full_name, company, company_description, role, extra}.',
  detailText: (field: string) => `details.${field} must be text.`,
  detailTooLong: (field: string, max: number) => `details.${field} can be at most ${max.toLocaleString('en-US')} characters.`,
  unknownDetail: (field: string) => `Unknown field "${field.slice(0, 60)}" in details.`,
  promptTooLong: (which: string, max: number) => `${which} can be at most ${max.toLocaleString('en-US')} characters.`,
  promptText: (which: string) => `${which} must be text.`,
  researchModeInvalid: "research_mode must be 'quick' or 'deep'.",
  indexInvalid: 'index must be a whole number from 0.',
  statementNotFound: 'No statement at that index.',
  companyRequired: 'company is required: the group the statement is listed under.',
  companyTooLong: 'company can be at most 200 characters.',
  companyStatementNotFound: 'No company statement at that index for that company.',
  statusInvalid: "status must be 'verified', 'unverified' or 'rejected'.",
  generationNotFound: 'No profile generation is under way.',
  deepResearchRunning: 'A deep research is already under way; this request waits for it.',
  generationCancelled: 'The profile generation was cancelled.',
  generationInterrupted: 'The profile generation stopped before it finished. Please try again.',
  aiTimeout: 'The profile took too long to generate. Please try again.',
  aiUnavailable: 'The AI service is unavailable right now. Please try again in a minute.',
  aiMalformed: 'The AI answer could not be read. Please try again.',
  aiRateLimited: 'Too many AI requests. Please wait a minute and try again.',
  nothingToWriteFrom: 'Add your name, role and a few lines about your work in the Edit tab to build your profile.',
} as const;

/**
 * The brag document the About me panel writes into the user's files. The product's own output,
 * it is never read back as evidence for a profile (it is made from the statements: read back, it
 * would repeat them and turn its own "Period: …" line into a claim).
 */
export const BRAG_DOCUMENT = {
  folder: 'work-profile',
  description: 'Brag document',
  /** Its first line starts so, with or without the user's name after it. */
  heading: '# Brag document',
} as const;

export const bragFileName = (day: string, n = 1) => `brag-document-${day}${n > 1 ? `-${n}` : ''}.md`;
const BRAG_FILE = /^brag-document-\d{4}-\d{2}-\d{2}(-\d+)?\.md$/i;

/**
 * True for a document the product generated: by its name or description (as written), or,
 * renamed, by its heading. Its content is optional (the file list has none).
 */
export function isGeneratedDocument(file: { name: string; description?: string; content?: string }): boolean {
  if (BRAG_FILE.test(file.name.trim())) return true;
  if (file.description?.trim() === BRAG_DOCUMENT.description) return true;
  const first = file.content?.trimStart().split(/\r?\n/, 1)[0]?.trim() ?? '';
  return first === BRAG_DOCUMENT.heading || first.startsWith(`${BRAG_DOCUMENT.heading}:`);
}

const LINKING_WORDS = new Set('i am is a an the as at in works work working where currently now for of and my me name'.split(' '));

/**
 * True when a statement says nothing beyond the person's name, role and company ("I am Jane
 * Doe, Head of Engineering.", "Jane works as a Staff Engineer at Acme."): the executive summary
 * and the brag document's headline say that once, and it is no achievement to list.
 */
export function restatesIdentity(sentence: string, details: { full_name?: string; role?: string; company?: string }): boolean {
  const wordsOf = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const known = new Set([details.full_name, details.role, details.company].flatMap((s) => wordsOf(s ?? '')));
  const said = wordsOf(sentence);
  return said.length > 0 && said.every((w) => known.has(w) || LINKING_WORDS.has(w));
}
