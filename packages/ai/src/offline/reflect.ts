/**
 * Reflective listening without a model: pick the most informative sentence the user wrote and
 * say it back in the second person, so they can hear and correct their own story.
 */
import { collapse, endSentence, sentences, truncate, words } from '../text';

// One pass over the text, longest phrases first, so "I was" never becomes "you was".
const SWAPS: Record<string, string> = {
  'I am': 'you are',
  "I'm": "you're",
  'I was': 'you were',
  "I've": "you've",
  "I'd": "you'd",
  "I'll": "you'll",
  'I have': 'you have',
  I: 'you',
  me: 'you',
  my: 'your',
  My: 'Your',
  mine: 'yours',
  myself: 'yourself',
  'we are': 'you are',
  "we're": "you're",
  'we were': 'you were',
  "we've": "you've",
  we: 'you',
  We: 'You',
  our: 'your',
  Our: 'Your',
  ours: 'yours',
  us: 'you',
  ourselves: 'yourselves',
  'I’m': 'you’re',
  'I’ve': 'you’ve',
  'I’d': 'you’d',
  'I’ll': 'you’ll',
};
const SWAP_PATTERN = new RegExp(
  `(?<![\\p{L}'’])(${Object.keys(SWAPS)
    .sort((a, b) => b.length - a.length)
    .map((k) => k.replace(/'/g, "['’]"))
    .join('|')})(?![\\p{L}'’])`,
  'gu',
);

export function toSecondPerson(text: string): string {
  return text.replace(SWAP_PATTERN, (m) => SWAPS[m] ?? SWAPS[m.replace('’', "'")] ?? m);
}

/** Words that start a sentence but are not names, so they can be lower-cased mid-sentence. */
const COMMON_STARTERS = new Set(
  (
    'the a an this that these those yesterday today last next when while after before during so then it there recently ' +
    'currently in on at for with because since although i we my our you your once every most some many as by from ' +
    'eventually finally also and but if over within around about luckily unfortunately initially first later honestly ' +
    'basically now still both each all our their they he she one two three several people everyone everybody nobody ' +
    'someone somebody customers users colleagues management leadership things work life'
  ).split(' '),
);

export const SMALL_TALK_ONLY =
  /^(hi|hello|hey|thanks|thank you|ok|okay|sure|yes|no|yep|nope|great|cool|got it|sounds good|perfect)\b[\s!.,]*$/i;

export const isSmallTalk = (text: string): boolean => SMALL_TALK_ONLY.test(text.trim()) || words(text).length < 3;

/** How much a sentence says: numbers, names and length make it worth reflecting. */
function weight(sentence: string): number {
  const ws = words(sentence);
  const numbers = (sentence.match(/\d/g) ?? []).length > 0 ? 4 : 0;
  const names = ws.slice(1).filter((w) => /^[A-Z][a-z]/.test(w)).length;
  return Math.min(ws.length, 25) + numbers + names;
}

/** The user's point, in the second person, as a clause ("you led the migration to Postgres"). */
export function reflectedClause(message: string): string | undefined {
  const candidates = sentences(message).filter((s) => !s.trim().endsWith('?') && !isSmallTalk(s));
  if (!candidates.length) return undefined;
  const best = candidates.reduce((a, b) => (weight(b) > weight(a) ? b : a));
  let clause = toSecondPerson(collapse(best)).replace(/[.!…:;,]+$/, '');
  const first = clause.split(/\s/)[0] ?? '';
  if (COMMON_STARTERS.has(first.toLowerCase())) clause = first.toLowerCase() + clause.slice(first.length);
  return truncate(clause, 180);
}

const FRAMES = [(c: string) => `It sounds like ${c}.`, (c: string) => `So ${c}.`, (c: string) => `I'm hearing that ${c}.`];

export const SPECIFICS_PRAISE = 'Those specifics make it concrete.';

/** A one-sentence reflection; the frame rotates with the turn so replies do not sound canned. */
export function reflect(message: string, turn: number, { praiseNumbers = true } = {}): string | undefined {
  const clause = reflectedClause(message);
  if (!clause) return undefined;
  const frame = FRAMES[turn % FRAMES.length]!;
  const reflection = endSentence(frame(clause)).replace(/\.\.$/, '.');
  return praiseNumbers && /\d/.test(clause) ? `${reflection} ${SPECIFICS_PRAISE}` : reflection;
}
