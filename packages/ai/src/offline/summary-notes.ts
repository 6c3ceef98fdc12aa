/**
 * How the offline summary reads a sentence: whether it is noise, which clauses it holds, what
 * each clause is about (went well, in the way, learned, next), and the clause as a short note in
 * the summary's own words ("I got defensive in my 1:1 with Priya" → "Got defensive in 1:1 with
 * Priya"), so a summary says the point without copying the sentence back.
 */
import { capitalize, collapse, words } from '../text';
import { REFLECTION_OPENER } from './facts';
import { SMALL_TALK_ONLY } from './reflect';

export type Theme = 'win' | 'challenge' | 'lesson' | 'next' | 'other';

/** Each theme's markers; a clause goes to the theme with the most (ties: the earlier here). */
const THEME_MARKERS: [Exclude<Theme, 'other'>, RegExp][] = [
  [
    'next',
    /\b(i'll|i will|we will|i can(?! do now)|going to|plan to|want to|need to|intend to|next (week|time|month|quarter|year|step)|tomorrow|from now on)\b/gi,
  ],
  ['lesson', /\b(learn\w*|realis\w*|realiz\w*|lesson|noticed|understood|takeaway|insight|in hindsight)\b/gi],
  [
    'win',
    /\b(shipped|launched|delivered|finished|finishing|completed|won|closed|achiev\w*|improv\w*|cut|reduced|increased|grew|rose|fell|halved|doubled|saves?|saved|signed|sign-off|approved|promoted|praised|thanked|proud|went well|success\w*|done|agreed|found|fixed|solved|resolved|best|great|clearest|better|sharper|stronger|positive|getting better|coached|mentored|planned|led|down from|up from|can do now|now i can|i can now)\b/gi,
  ],
  [
    'challenge',
    /\b(struggl\w*|hard|difficult|blocked|blocker\w*|blocking|late|slow|delay\w*|missed|slipp\w*|worr\w*|concern\w*|frustrat\w*|stress\w*|conflict|problem|issue|risk|fail\w*|couldn't|could not|didn't|did not|behind|stuck|overwhelm\w*|tension|pushback|tough|badly|defensive|froze|rumou?rs?|unclear|nobody knows|drain\w*|low|paused|vague|prove myself|nobody has told|don't know|do not know|not sure)\b/gi,
  ],
];

export function themeOf(text: string): Theme | undefined {
  let best: Theme | undefined;
  let most = 0;
  for (const [theme, markers] of THEME_MARKERS) {
    const n = text.match(markers)?.length ?? 0;
    if (n > most) [best, most] = [theme, n];
  }
  return best;
}

/** Says nothing on its own: "It was fine.", "Not much.", "Thanks!". */
const FILLER =
  /^(it|that|this|things?|everything|all|the (day|week|month)|today)\s+(was|were|is|went|has been)\s+(fine|ok|okay|good|alright|great|well|normal|busy|nothing special)\b|^(nothing|not much|none|n\/a|same as (before|last \w+))\b/i;
const PLACEHOLDER = /^\[.*\]$/;

export function isNoise(sentence: string): boolean {
  const s = sentence.trim();
  return (
    !s ||
    PLACEHOLDER.test(s) ||
    /^_.*_$/.test(s) ||
    s.endsWith('?') ||
    REFLECTION_OPENER.test(s) ||
    SMALL_TALK_ONLY.test(s) ||
    words(s).length < 4 ||
    (FILLER.test(s) && words(s).length <= 6)
  );
}

/**
 * The clauses of a sentence that each say something of their own: split where a new subject or
 * a new turn begins (", I…", ", next time…", " and I…", "; "), never inside a list ("five
 * interviews and an A/B test") or a "because" (the reason stays with what it explains).
 */
export function clausesOf(sentence: string): string[] {
  return collapse(sentence)
    .replace(/,\s+which (?:is|are|was|were)\s+/gi, ': ')
    .split(
      /;\s+|,\s+(?=(?:and |but |so )?(?:i|we|my|next time|then|since then|which|so i)\b)|\s+(?:and|but|so)\s+(?=(?:i|we|my|it|nobody|no one|everyone|they|she|he)\s)|\s+and\s+(?=(?:send|ask|book|write|share|schedule|review|call|email|tell|keep|take|get|make|start|stop|use|open|raise)\s)/i,
    )
    .map((c) => c.trim())
    .filter(Boolean);
}

const OPENERS =
  /^(?:(?:actually|also|and|but|so|well|honestly|basically|since then|then|maybe|overall|anyway|which|i think|i guess|i would say|i feel like)\b[,\s]*)+/i;
const FUTURE =
  /^(?:((?:next|this) \w+|tomorrow|on \w+day),?\s+)?(?:i|we)(?:'ll| will| want to| plan to| need to| am going to|'m going to| intend to| would like to)\s+/i;
/**
 * Words a note leaves out, as notes are written ("Sent a written update to the team" → "Sent
 * written update to team"): fillers, articles, and "my" / "our" (not after a preposition: "in my
 * department"). An article stays where it says which one ("the first", "the end", "the day I…", "the hours I have")
 * or how much ("a lot", "a few"), and after "take", "have", "make" ("take a walk").
 */
const DROPPED = new RegExp(
  [
    '\\s+\\b(?:really|actually|just|very|quite|fairly|basically)\\b(?=\\s)',
    '(?<!\\b(?:half|all|both|of|is|was|are|were|be))\\s+\\bthe\\b(?= (?!(?:day|time|same|end|first|last|next|only|one|way|rest|most|\\w+est)\\b)(?!\\w+ (?:i|we|you|they|he|she|that|which|who)\\b))',
    '(?<!\\b(?:take|took|have|has|had|make|made|give|gave|is|was|are|were|be))\\s+\\b(?:a|an)\\b(?= (?!(?:lot|few|bit|little|couple|day|week|month|year)\\b))',
    '(?<!\\b(?:in|at))\\s+\\b(?:my|our)\\b(?=\\s)',
    '(?<=\\b(?:said|told me|knew|know|learned|think|thought|feel|felt|realised|realized|noticed|hoped|found|showed|decided|monday|tuesday|wednesday|thursday|friday|today|yesterday|week|month))\\s+that\\b(?=\\s)',
  ].join('|'),
  'gi',
);

/** "Nobody knows what happens to our roadmap" → "Unclear: what happens to roadmap". */
const UNKNOWN =
  /\b(?:nobody|no one) (?:has )?(?:told me|tells me|knows|knew|said|says) ((?:what|how|whether|if|who|when|where|why) .+?)(?: yet)?$/i;

/**
 * A clause as a note: the subject, the filler and the connectives left out, "X is the Y" said
 * "X: Y", a plan said as what to do ("Tomorrow: write down…"), so no note reads the user's own
 * sentence back to them.
 */
export function noteOf(clause: string): string {
  let s = collapse(clause).replace(/[.!;:,]+$/, '');
  const restated = /^(what|how|why|where|when|who|which)\b[^:]{0,60}:\s*(.+)$/i.exec(s);
  if (restated && words(restated[2]!).length >= 3) s = restated[2]!;
  s = s.replace(OPENERS, '');
  const future = FUTURE.exec(s);
  if (future) s = `${future[1] ? `${capitalize(future[1].toLowerCase())}: ` : ''}${s.slice(future[0].length)}`;
  s = s
    .replace(/^((on \w+day|this (week|morning|month|quarter)|last (week|month)|today|yesterday),?\s+)(?=(i|we)\b)/i, '')
    .replace(/^(i|we) (learned|learnt|realised|realized|noticed|understood)( that)?\s+/i, '')
    .replace(/^(?:i|we)(?:'m|'re| am| are)?\s+/i, '')
    .replace(/^((?:the|my|our|a|an|this) .{3,40}?) (?:is|was) (?:that )?(?=the |a |an |\w+ing\b)/i, '$1: ')
    .replace(/^started (?:this week |today |on \w+day )?as (.+)$/i, 'New role: $1')
    .replace(/\b(said|told me|learned|knew|know|think|thought|feel|felt|realised|realized|noticed|hoped) that\b/gi, '$1')
    .replace(/^(?:the|my|our)\s+/i, '');
  s = s
    .replace(UNKNOWN, 'unclear: $1')
    // "…, even if it might still work out": the concession is not the point.
    .replace(/,?\s+(?:even if|even though|although|though)\s+.+$/i, '')
    // "Last week she said it was the clearest update yet" → "The clearest update yet, she said last week".
    .replace(
      /^(?:(last \w+|yesterday|today|this \w+|on \w+day),?\s+)?(she|he|they|[A-Z][a-z]+)\s+(?:said|told me|says)\s+(?:that\s+)?(?:it|this)\s+(?:was|is)\s+(.+)$/i,
      (_m, when: string | undefined, who: string, what: string) => `${what}, ${who} said${when ? ` ${when.toLowerCase()}` : ''}`,
    )
    // "What I can do now that I could not before is prioritise ruthlessly": the answer, not the question it restates.
    .replace(/^(?:what|something) [^,:]{3,60}? (?:is|was) (?!that\b)(.{8,})$/i, '$1');
  s = ` ${s} `
    .replace(DROPPED, '')
    .replace(/\s+and (?:i|we) /gi, ' and ')
    .trim();
  return capitalize(s.replace(/[,;:]+$/, ''));
}

const STOP = new Set(
  'the a an and or but of to in on at for with about from by is are was were be been it its this that my our i we me she he they her his their them so as'.split(
    ' ',
  ),
);
export const contentWords = (s: string): string[] => words(s.toLowerCase()).filter((w) => !STOP.has(w));

/** Whether two notes say the same thing: most of the shorter one's words are in the other. */
export function sameThing(a: string, b: string): boolean {
  const [x, y] = [contentWords(a), contentWords(b)];
  const shorter = x.length <= y.length ? x : y;
  const longer = new Set(x.length <= y.length ? y : x);
  if (shorter.length < 2) return false;
  return shorter.filter((w) => longer.has(w)).length / shorter.length >= 0.7;
}
