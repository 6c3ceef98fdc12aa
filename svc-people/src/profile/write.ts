import { createAiProvider, profileStatementsPrompt, tidyCitations, type AiEnv, type AiProvider, type WebSearch } from '@cc/ai';
import type { CompanyStatement, ProfileDetails, ProfileStatement } from '@cc/contracts';
import type { PeopleSettings } from '../settings';
import { detailsSource, sourceOf, type Evidence, type Source } from './evidence';

type DeepResearchSettings = Partial<Pick<PeopleSettings, 'DEEP_RESEARCH_BASE_URL' | 'DEEP_RESEARCH_API_KEY' | 'DEEP_RESEARCH_MODEL'>>;

/** What a profile is written from, as asked: kept with a deep research so a restart can write it again. */
export interface GenerationRequest {
  details: ProfileDetails;
  system?: string;
  user?: string;
  evidence: Evidence[];
}

/** The Generate modal's default prompts: the details and the user's notes, each under the label its statements will carry. */
export function defaultPrompt(details: ProfileDetails, evidence: Evidence[]): { system: string; user: string } {
  return profileStatementsPrompt(details, evidence);
}

/**
 * Statements credited to the object each came from (the details, a note, web research), named by
 * its label and linked to its address; one credited to nothing known has no source (sourceOf).
 */
export function linked(
  statements: { text: string; source: string }[],
  evidence: Evidence[],
  details: Partial<ProfileDetails>,
  extra: Source[] = [],
): ProfileStatement[] {
  const sources: Source[] = [detailsSource(details), ...evidence, ...extra];
  return statements.map((s) => {
    const from = sourceOf(sources, s);
    return { text: s.text, source: from?.label ?? '', ...(from?.url ? { source_url: from.url } : {}) };
  });
}

/** A deep research's model call may take 5-15 minutes (docs/ai.md#long-jobs): its own provider with that budget. */
export const DEEP_MODEL_TIMEOUT_MS = 16 * 60_000;

/**
 * The provider that writes a deep research: the everyday model, or the one DEEP_RESEARCH_*
 * names (its own endpoint with its own key, or another model at the same endpoint).
 */
export function deepProvider(env: AiEnv, settings: DeepResearchSettings = {}): AiProvider {
  const budget = { AI_TIMEOUT_MS: String(DEEP_MODEL_TIMEOUT_MS), AI_MAX_RETRIES: '0' };
  if (settings.DEEP_RESEARCH_BASE_URL) {
    return createAiProvider({
      ...env,
      ...budget,
      AI_BASE_URL: settings.DEEP_RESEARCH_BASE_URL,
      AI_API_KEY: settings.DEEP_RESEARCH_API_KEY ?? '',
      AI_MODEL: settings.DEEP_RESEARCH_MODEL ?? env.AI_MODEL,
    });
  }
  return createAiProvider({ ...env, ...budget, AI_MODEL: settings.DEEP_RESEARCH_MODEL ?? env.AI_MODEL });
}

/** Deep research's web part: what the search finds about the user's role and company, with its citations. */
export async function webResearch(search: WebSearch | undefined, details: ProfileDetails, signal: AbortSignal) {
  const subject = [details.full_name, details.role, details.company].map((s) => s.trim()).filter(Boolean);
  if (!search || !subject.length) return undefined;
  const found = await search.search({
    system:
      'You research a professional and their company for their own profile. Answer with short factual sentences and cite every claim.',
    query: `What is publicly known about ${subject.join(', ')}? Cover the company (what it does, its size, its market, recent news) and the role.`,
    signal,
  });
  return tidyCitations(found.answer, found.sources);
}

/** Company insights from the web search: one statement a sentence, each with the source its [n] cites. */
export async function companyResearch(search: WebSearch, details: ProfileDetails, signal: AbortSignal): Promise<CompanyStatement[]> {
  const company = details.company.trim();
  const context = details.company_description.trim();
  const found = await search.search({
    system:
      'You research a company for a professional who works there. Answer with short factual sentences, one per line, and cite every claim.',
    query: `What does ${company} do? Its products, market, size and recent news.${context ? ` Context: ${context}` : ''}`,
    signal,
  });
  const { answer, citations } = tidyCitations(found.answer, found.sources);
  return answer
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z])/)
    .map((line) => line.replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, '').trim())
    .filter((line) => line.length > 12 && !line.startsWith('#'))
    .slice(0, 20)
    .map((text) => {
      const n = Number(/\[(\d+)\]/.exec(text)?.[1] ?? 0);
      const url = citations[n - 1]?.url;
      return { text, source: company, ...(url ? { source_url: url } : {}) };
    });
}
