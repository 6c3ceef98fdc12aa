import { createAiProvider, profileStatementsPrompt, tidyCitations, type AiEnv, type AiProvider, type WebSearch } from '@cc/ai';
import type { ProfileDetails, ProfileStatement } from '@cc/contracts';
import { linkOf, type Evidence } from './evidence';

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

/** Statements with the link of their source, so the panel opens the evidence behind each. */
export function linked(
  statements: { text: string; source: string }[],
  evidence: Evidence[],
  extra: Record<string, string> = {},
): ProfileStatement[] {
  return statements.map((s) => {
    const url = linkOf(evidence, s.source) ?? extra[s.source.trim().toLowerCase()];
    return { text: s.text, source: s.source, ...(url ? { source_url: url } : {}) };
  });
}

/** A deep research's model call may take 5-15 minutes (spec §9): its own provider with that budget. */
export const DEEP_MODEL_TIMEOUT_MS = 16 * 60_000;

export function deepProvider(env: AiEnv): AiProvider {
  return createAiProvider({ ...env, AI_TIMEOUT_MS: String(DEEP_MODEL_TIMEOUT_MS), AI_MAX_RETRIES: '0' });
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
