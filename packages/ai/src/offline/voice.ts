/**
 * One voice for About me (docs/about-me.md#statements): everything said about the user is in the
 * first person ("I lead…"), whether a note left out the subject ("Launched billing…"), named the
 * user ("Sam runs discovery…", as web research does) or wrote it that way already.
 */

/** Past forms and modals that start a subject-less note: "Led the migration." → "I led the migration." */
const PAST_OR_MODAL = new Set(
  (
    'can could will would should must may might shall was were did had led built ran wrote made grew took began became won saw got gave ' +
    'went brought taught thought found sold spent kept left met paid put read set cut hit let drove chose spoke joined'
  ).split(' '),
);
const TO_BASE: Record<string, string> = { is: 'am', has: 'have', does: 'do', goes: 'go', "'s": "'m" };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "leads" → "lead", "carries" → "carry", "teaches" → "teach"; a past form or a modal stays. */
function baseForm(verb: string): string {
  const lower = verb.toLowerCase();
  if (TO_BASE[lower]) return TO_BASE[lower];
  if (PAST_OR_MODAL.has(lower) || /ed$/.test(lower) || !/s$/.test(lower) || /ss$/.test(lower)) return verb;
  if (/[^aeiou]ies$/.test(lower)) return `${verb.slice(0, -3)}y`;
  if (/(ch|sh|ss|x|z|o)es$/.test(lower)) return verb.slice(0, -2);
  return verb.slice(0, -1);
}

const MODALS = new Set('can could will would should must may might shall'.split(' '));

/** "led the migration", "have shipped…": a predicate about what was done rather than what is done now. */
export function isPastPredicate(predicate: string): boolean {
  const [first = '', second = ''] = predicate.toLowerCase().split(/\s+/);
  if (first === 'have' || first === "'ve" || first === 'had') return /(ed|en|wn|ght|ne|un|ung)$/.test(second);
  return (!MODALS.has(first) && PAST_OR_MODAL.has(first)) || (first.length > 3 && first.endsWith('ed') && !first.endsWith('eed'));
}

/** Whether the first word of a note is a past form or a modal: its subject was left out. */
export function startsWithPastVerb(sentence: string): boolean {
  const first = /^([A-Z][a-z]+)\b/.exec(sentence)?.[1]?.toLowerCase();
  return Boolean(first && ((first.length > 4 && first.endsWith('ed') && !first.endsWith('eed')) || PAST_OR_MODAL.has(first)));
}

/**
 * A sentence about the user in the first person: "Sam Smoke runs discovery" → "I run discovery",
 * "Sam's team grew" → "My team grew", "Launched billing" → "I launched billing". Anything else
 * stays as written.
 */
export function firstPerson(sentence: string, fullName = ''): string {
  if (startsWithPastVerb(sentence)) return `I ${sentence[0]!.toLowerCase()}${sentence.slice(1)}`;
  // "Working towards the milestone…" (how a milestone reads as evidence): what I am doing now.
  if (/^(Working|Preparing|Aiming|Studying) (on|towards?|for|to)\b/.test(sentence))
    return `I am ${sentence[0]!.toLowerCase()}${sentence.slice(1)}`;
  const names = [fullName.trim(), fullName.trim().split(/\s+/)[0] ?? '']
    .filter((n) => n.length >= 2)
    .map(escape)
    .join('|');
  if (!names) return sentence;
  const possessive = new RegExp(`^(?:${names})['’]s\\s+`).exec(sentence);
  if (possessive) return `My ${sentence.slice(possessive[0].length)}`;
  const subject = new RegExp(`^(?:${names})\\s+(?:(also|often|currently|now|still|mostly|usually)\\s+)?([a-z]+)\\b`).exec(sentence);
  if (!subject) return sentence;
  const [whole, adverb, verb] = subject;
  if (/^(and|or|with|from|at|of)$/.test(verb!)) return sentence;
  const rest = sentence.slice(whole.length).replace(/\b(her|his)\b/g, 'my');
  return `I ${adverb ? `${adverb} ` : ''}${baseForm(verb!)}${rest}`;
}

/** He, she or they, or another named person doing the talking: a note's line about someone else, not about the user. */
export function isAboutSomeoneElse(sentence: string, fullName = ''): boolean {
  if (/^(he|she|they|his|her|their)\b/i.test(sentence)) return true;
  const named =
    /^([A-Z][a-z]+)(?:\s+[A-Z][a-z]+)?\s+(says|said|thinks|thought|wants|wanted|asked|told|prefers|cares|worries|likes|owns|expects)\b/.exec(
      sentence,
    );
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  return Boolean(named && named[1] !== first && !/^(I|We|My|Our|The|This|It)$/.test(named[1]!));
}
