/** Offline About me: statements and a narrative built only from what the user entered. */
import { extractStatements } from '../statements';
import { collapse, endSentence, sentences } from '../text';
import type { NarrativeInput, ProfileDetails, ProfileStatementsResult, Statement } from '../types';

const clean = (s: string | undefined) => collapse(s ?? '');

function identity(details: ProfileDetails): string | undefined {
  const name = clean(details.full_name);
  const role = clean(details.role);
  const company = clean(details.company);
  if (!name && !role) return undefined;
  const who = name || 'This professional';
  const asRole = /^(a|an|the)\s/i.test(role) ? role : `${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role}`;
  if (role && company) return `${who} works as ${asRole} at ${company}.`;
  if (role) return `${who} works as ${asRole}.`;
  return company ? `${who} works at ${company}.` : undefined;
}

export function offlineProfileStatements(details: ProfileDetails): ProfileStatementsResult {
  const personal = [identity(details), ...sentences(clean(details.extra))].filter((s): s is string => Boolean(s)).map(endSentence);
  const lines = [`# Professional profile${clean(details.full_name) ? `: ${clean(details.full_name)}` : ''}`, ''];
  if (personal.length) {
    lines.push('Information from profile details:', ...personal.map((s) => `- ${s}`), '');
  } else {
    lines.push('Add your name, role and a few lines about your work in the Edit tab to build your profile.', '');
  }
  lines.push('References', '- Profile details you entered in About me');
  const markdown = `${lines.join('\n')}\n`;
  return { markdown, statements: personal.length ? extractStatements(markdown) : [] };
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
  const about = companyStatements[0]?.text ?? sentences(clean(details.company_description))[0];
  const opening = [first, about && company ? `${endSentence(about)}` : undefined].filter(Boolean).join(' ');
  const known = new Set([first, about].filter(Boolean).map((s) => s!.toLowerCase()));
  const name = clean(details.full_name).split(' ')[0] || 'They';
  const highlights = [...statements.map((s) => s.text), ...sentences(clean(details.extra))]
    .map((s) => endSentence(toThirdPerson(s, name)))
    .filter((s) => !known.has(s.toLowerCase()))
    .filter((s, i, all) => all.indexOf(s) === i)
    .slice(0, 4);
  return [opening, highlights.join(' ')].filter(Boolean).join('\n\n');
}
