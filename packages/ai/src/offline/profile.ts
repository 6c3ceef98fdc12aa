/** Offline About me: statements and a narrative built only from what the user entered. */
import { restatesIdentity } from '@cc/contracts/profile-rules';
import { MAX_STATEMENTS } from '../statements';
import { collapse, endSentence, roleWithArticle as withArticle, sentences } from '../text';
import { firstPerson, isAboutSomeoneElse, isPastPredicate } from './voice';
import type { NarrativeInput, ProfileDetails, ProfileEvidence, ProfileStatementsResult, Statement } from '../types';

const clean = (s: string | undefined) => collapse(s ?? '');

/** The role and company as the user would say it: "I work as a Staff Engineer at Acme." */
function identity(details: ProfileDetails): string | undefined {
  const role = clean(details.role);
  const company = clean(details.company);
  if (role && company) return `I work as ${withArticle(role)} at ${company}.`;
  if (role) return `I work as ${withArticle(role)}.`;
  return company ? `I work at ${company}.` : undefined;
}

/** The executive summary's opening, the name said once: "I'm Jane Doe, a Staff Engineer at Acme." */
function introduction(details: ProfileDetails): string | undefined {
  const name = clean(details.full_name);
  const role = clean(details.role);
  const company = clean(details.company);
  const post = [role && withArticle(role), company && `${role ? 'at' : 'working at'} ${company}`].filter(Boolean).join(' ');
  if (name) return post ? `I'm ${name}, ${post}.` : `I'm ${name}.`;
  if (role) return `I'm ${post}.`;
  return company ? `I work at ${company}.` : undefined;
}

const EVIDENCE_SHOWN = 24;
const PER_SOURCE = 4;
// Shorter than this, a line is an aside ("It went well."), not a claim about the user.
const MIN_CLAIM = 16;
const MAX_CLAIM = 280;

/**
 * The claims a note makes about the user: its prose and list items as sentences, in the first
 * person, without headings, links-only lines, table rows, questions, placeholder lines or lines
 * about someone else, each short enough to read as one statement.
 */
function claimsOf(text: string, fullName: string): string[] {
  const kept = text
    .split(/\r?\n/)
    .filter((line) => !/^\s*(#{1,6}\s|\||```|>\s*$|---+\s*$)/.test(line))
    .map((line) => line.replace(/^\s*(?:[-*+•]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '').replace(/[*_`]+/g, ''))
    .join('\n');
  return (
    sentences(kept)
      .map((s) => collapse(s))
      .filter((s) => s.length >= MIN_CLAIM && !/[?:]$/.test(s) && !/^(todo|tbd|n\/a)\b/i.test(s) && !/^https?:\/\/\S+$/.test(s))
      .filter((s) => !isAboutSomeoneElse(s, fullName))
      .map((s) => endSentence(firstPerson(s.length > MAX_CLAIM ? `${s.slice(0, MAX_CLAIM - 1).replace(/\s+\S*$/, '')}…` : s, fullName)))
      // "We missed the launch" is the user with their team; said as the user, the profile keeps one voice.
      .map((s) =>
        s
          .replace(/^We\b/, 'My team and I')
          .replace(/^(?:Our|The) team\b/, 'My team')
          .replace(/^Our\b/, 'My team’s'),
      )
      // A line with no "I" in it ("Checkout conversion dropped.", "First day back from leave.") is context, not a statement about the user.
      .filter((s) => /\b(?:I|I'm|I've|me|my|mine|myself)\b/i.test(s))
      .filter((s, i, all) => all.indexOf(s) === i)
  );
}

/**
 * A todo or a milestone says what the user did; its due or target date and the page's word for it
 * are the planning page's bookkeeping ("Completed the todo "X" (due Wed 18 Nov 2026)" → "Completed "X"").
 */
function planningText(e: ProfileEvidence): string {
  if (e.kind !== 'todo' && e.kind !== 'milestone') return e.text;
  return e.text.replace(/\s*\((?:due|target) [^)]*\)/g, '').replace(/^Completed the todo\b/, 'Completed');
}

/**
 * A profile from what the user entered and wrote: the details first, then, under each note's own
 * label (a file, a dated journal entry, a check-in, a milestone), the claims it makes, so every
 * statement points at its evidence. Web research, when a deep run found some, comes last. Each
 * statement's source is the object its claim was taken from, never read back from the markdown:
 * a note's own "Information from the press office:" line is its text, not a source. Every
 * statement is in the user's voice, the first person.
 */
export function offlineProfileStatements(
  details: ProfileDetails,
  evidence: ProfileEvidence[] = [],
  research?: string,
): ProfileStatementsResult {
  const name = clean(details.full_name);
  const personal = [identity(details), ...claimsOf(clean(details.extra), name)].filter((s): s is string => Boolean(s)).map(endSentence);
  const groups: { source: string; claims: string[] }[] = [];
  if (personal.length) groups.push({ source: 'profile details', claims: personal });
  for (const e of evidence.slice(0, EVIDENCE_SHOWN)) {
    const claims = claimsOf(planningText(e), name).slice(0, PER_SOURCE);
    if (claims.length) groups.push({ source: e.label, claims });
  }
  const found = claimsOf(research ?? '', name).slice(0, PER_SOURCE * 2);
  if (found.length) groups.push({ source: 'web research', claims: found });

  const lines = [`# Professional profile${name ? `: ${name}` : ''}`, ''];
  if (!groups.length) {
    lines.push('Add your name, role and a few lines about your work in the Edit tab to build your profile.', '');
    return { markdown: `${lines.join('\n')}\n`, statements: [] };
  }
  for (const g of groups) lines.push(`Information from ${g.source}:`, ...g.claims.map((c) => `- ${c}`), '');
  const references = groups.map((g) => (g.source === 'profile details' ? 'Profile details you entered in About me' : g.source));
  lines.push('References', ...references.map((u) => `- ${u}`));
  const statements = groups.flatMap((g) => g.claims.map((text) => ({ text, source: g.source }))).slice(0, MAX_STATEMENTS);
  return { markdown: `${lines.join('\n')}\n`, statements };
}

/** About the company, so in its own name (the one place not in the first person). */
export function offlineCompanyStatements(details: ProfileDetails): Statement[] {
  const company = clean(details.company);
  const described = sentences(clean(details.company_description)).map(endSentence);
  if (described.length) return described.map((text) => ({ text, source: company }));
  return company ? [{ text: `${company} is where I currently work.`, source: company }] : [];
}

const joinAnd = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}` : (items[0] ?? '');

const PREDICATES_SHOWN = 3;

/**
 * The executive summary, in the first person as the rest of About me: who I am (the name once,
 * role and company), what the company does, then a synthesis rather than a list: what I do now,
 * what I have done, what I care about and what I want next, one sentence each, and the rest as
 * written. Sentences open differently ("I'm…", the company, "Day to day…", "Along the way…",
 * "At heart…", "Looking ahead…").
 */
export function offlineNarrative({ details, statements = [], companyStatements = [] }: NarrativeInput): string {
  const opening = introduction(details);
  const company = clean(details.company);
  if (!opening && !statements.length) {
    return 'Add your name, role and company in the Edit tab, then generate again for an executive summary.';
  }
  const name = clean(details.full_name);
  const restates = (s: string) => Boolean(opening) && restatesIdentity(s, details);
  const about = [...companyStatements.map((s) => s.text), ...sentences(clean(details.company_description))].find(
    (s) => !restates(s) && !/\b(I|my|me)\b/.test(s),
  );
  const claims = [...statements.map((s) => s.text), ...claimsOf(clean(details.extra), name)]
    .map((s) => endSentence(firstPerson(collapse(s), name)))
    .filter((s) => !restates(s))
    .filter((s, i, all) => all.findIndex((t) => t.toLowerCase() === s.toLowerCase()) === i);

  // What I do now, what I have done, what I care about, what I want next: one sentence each.
  const kinds = { now: [] as string[], done: [] as string[], values: [] as string[], next: [] as string[] };
  const rest: string[] = [];
  for (const claim of claims) {
    // Only a plain "I …." joins another: a sentence with its own clauses ("…and they approved…") stays whole.
    const predicate = /^I(?:'m| am)?\s+([^.;!?]+)\.$/.exec(claim);
    const text = predicate ? claim.slice(1).replace(/^'m\s/, 'am ').trim().replace(/\.$/, '') : '';
    if (!predicate || /\bI\b|\sand\s+(?:they|he|she|it|we|you|my|our|the team)\b/.test(text)) rest.push(claim);
    else if (/^(want|plan|aim|hope|intend|would like) to\b|^am (working towards|preparing for|aiming)\b/.test(text)) kinds.next.push(text);
    else if (/^(care|cared) about\b|^(believe|value|love)\b/.test(text)) kinds.values.push(text);
    else (isPastPredicate(text) ? kinds.done : kinds.now).push(text);
  }
  const sentence = (opener: string, items: string[]) => (items.length ? `${opener}, I ${joinAnd(items.slice(0, PREDICATES_SHOWN))}.` : '');
  const highlights = [
    sentence('Day to day', kinds.now),
    sentence('Along the way', kinds.done),
    ...rest.slice(0, 2),
    sentence('At heart', kinds.values),
    sentence('Looking ahead', kinds.next),
  ].filter(Boolean);
  const first = [opening, about && company ? endSentence(about) : undefined].filter(Boolean).join(' ');
  return [first, highlights.join(' ')].filter(Boolean).join('\n\n');
}
