/** Offline About me: statements and a narrative built only from what the user entered. */
import { restatesIdentity } from '@cc/contracts/profile-rules';
import { MAX_STATEMENTS } from '../statements';
import { collapse, endSentence, sentences } from '../text';
import type { NarrativeInput, ProfileDetails, ProfileEvidence, ProfileStatementsResult, Statement } from '../types';

const clean = (s: string | undefined) => collapse(s ?? '');

function identity(details: ProfileDetails): string | undefined {
  const name = clean(details.full_name);
  const role = clean(details.role);
  const company = clean(details.company);
  if (!name && !role) return undefined;
  const who = name || 'This professional';
  // A post held by one person takes no article ("works as Head of Engineering"); a job does ("a Staff Engineer").
  const onePost = /^(head|vp|vice president|chief|director of|president|c[etfo]o|cto)\b/i.test(role);
  const asRole = onePost || /^(a|an|the)\s/i.test(role) ? role : `${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role}`;
  if (role && company) return `${who} works as ${asRole} at ${company}.`;
  if (role) return `${who} works as ${asRole}.`;
  return company ? `${who} works at ${company}.` : undefined;
}

const EVIDENCE_SHOWN = 24;
const PER_SOURCE = 4;
// Shorter than this, a line is an aside ("It went well."), not a claim about the user.
const MIN_CLAIM = 16;
const MAX_CLAIM = 280;

/**
 * The claims a note makes: its prose and list items as sentences, without headings, links-only
 * lines, table rows, questions or placeholder lines, each short enough to read as one statement.
 */
function claimsOf(text: string): string[] {
  const kept = text
    .split(/\r?\n/)
    .filter((line) => !/^\s*(#{1,6}\s|\||```|>\s*$|---+\s*$)/.test(line))
    .map((line) => line.replace(/^\s*(?:[-*+•]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '').replace(/[*_`]+/g, ''))
    .join('\n');
  return sentences(kept)
    .map((s) => collapse(s))
    .filter((s) => s.length >= MIN_CLAIM && !/[?:]$/.test(s) && !/^(todo|tbd|n\/a)\b/i.test(s) && !/^https?:\/\/\S+$/.test(s))
    .map((s) => endSentence(s.length > MAX_CLAIM ? `${s.slice(0, MAX_CLAIM - 1).replace(/\s+\S*$/, '')}…` : s))
    .filter((s, i, all) => all.indexOf(s) === i);
}

/**
 * A profile from what the user entered and wrote: the details first, then, under each note's own
 * label (a file, a dated journal entry, a check-in, a milestone), the claims it makes, so every
 * statement points at its evidence. Web research, when a deep run found some, comes last. Each
 * statement's source is the object its claim was taken from, never read back from the markdown:
 * a note's own "Information from the press office:" line is its text, not a source.
 */
export function offlineProfileStatements(
  details: ProfileDetails,
  evidence: ProfileEvidence[] = [],
  research?: string,
): ProfileStatementsResult {
  const personal = [identity(details), ...sentences(clean(details.extra))].filter((s): s is string => Boolean(s)).map(endSentence);
  const groups: { source: string; claims: string[] }[] = [];
  if (personal.length) groups.push({ source: 'profile details', claims: personal });
  for (const e of evidence.slice(0, EVIDENCE_SHOWN)) {
    const claims = claimsOf(e.text).slice(0, PER_SOURCE);
    if (claims.length) groups.push({ source: e.label, claims });
  }
  const found = claimsOf(research ?? '').slice(0, PER_SOURCE * 2);
  if (found.length) groups.push({ source: 'web research', claims: found });

  const lines = [`# Professional profile${clean(details.full_name) ? `: ${clean(details.full_name)}` : ''}`, ''];
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

export function offlineCompanyStatements(details: ProfileDetails): Statement[] {
  const company = clean(details.company);
  const described = sentences(clean(details.company_description)).map(endSentence);
  if (described.length) return described.map((text) => ({ text, source: company }));
  return company
    ? [
        {
          text: `${company} is where ${clean(details.full_name) || 'you'} currently work${clean(details.full_name) ? 's' : ''}.`,
          source: company,
        },
      ]
    : [];
}

const KEEP_VERB = new Set(
  (
    'can could will would should must may might shall was were did had led built ran wrote made grew took began became won saw got gave ' +
    'went brought taught thought found sold spent kept left met paid put read set cut hit let drove chose spoke joined'
  ).split(' '),
);
const ADVERBS = new Set('also often usually currently recently really mostly always never now still regularly actively'.split(' '));
const IRREGULAR: Record<string, string> = { am: 'is', have: 'has', do: 'does', go: 'goes', be: 'is', "'m": 'is', "'ve": 'has' };

function thirdPersonVerb(verb: string): string {
  const lower = verb.toLowerCase();
  if (IRREGULAR[lower]) return IRREGULAR[lower];
  if (KEEP_VERB.has(lower) || /ed$/.test(lower)) return verb;
  if (/(s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** Notes often drop the subject ("Launched billing to 300 customers."): a summary names who did it. */
export function withSubject(sentence: string, name: string): string {
  const first = /^([A-Z][a-z]+)\b/.exec(sentence)?.[1]?.toLowerCase();
  if (!first || !((first.length > 4 && first.endsWith('ed')) || KEEP_VERB.has(first))) return sentence;
  return `${name} ${sentence[0]!.toLowerCase()}${sentence.slice(1)}`;
}

/** "I lead the platform and my team" → "Jane leads the platform and Jane's team", for a third-person summary. */
export function toThirdPerson(sentence: string, name: string): string {
  return sentence
    .replace(/\bI('m|'ve)\b/g, (_m, suffix: string) => `${name} ${IRREGULAR[suffix]}`)
    .replace(/\bI\s+(\w+)(\s+(\w+))?/g, (_m, first: string, rest: string | undefined, second: string | undefined) =>
      ADVERBS.has(first.toLowerCase()) && second
        ? `${name} ${first} ${thirdPersonVerb(second)}`
        : `${name} ${thirdPersonVerb(first)}${rest ?? ''}`,
    )
    .replace(/\b[Mm]y\b/g, `${name}'s`)
    .replace(/\bme\b/g, name);
}

export function offlineNarrative({ details, statements = [], companyStatements = [] }: NarrativeInput): string {
  const first = identity(details);
  const company = clean(details.company);
  if (!first && !statements.length) {
    return 'Add your name, role and company in the Edit tab, then generate again for an executive summary.';
  }
  const about = [...companyStatements.map((s) => s.text), ...sentences(clean(details.company_description))].find(
    (s) => !first || !restatesIdentity(s, details),
  );
  const opening = [first, about && company ? `${endSentence(about)}` : undefined].filter(Boolean).join(' ');
  const known = new Set([first, about].filter(Boolean).map((s) => s!.toLowerCase()));
  const name = clean(details.full_name).split(' ')[0] || 'They';
  const highlights = [...statements.map((s) => s.text), ...sentences(clean(details.extra))]
    .filter((s) => !first || !restatesIdentity(s, details))
    .map((s) => endSentence(withSubject(toThirdPerson(s, name), name)))
    .filter((s) => !known.has(s.toLowerCase()))
    .filter((s, i, all) => all.indexOf(s) === i)
    .slice(0, 4);
  return [opening, highlights.join(' ')].filter(Boolean).join('\n\n');
}
