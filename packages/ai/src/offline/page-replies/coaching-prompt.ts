/**
 * A check-in question's prompt is written to the coach ("Ask how they will use it tomorrow.",
 * "Help them plan one thing that protects their energy."). Without a model the offline coach
 * follows it by asking what it says to ask, turned to the user: "How will you use it tomorrow?",
 * "Can you plan one thing that protects your energy?". A sentence it cannot turn is left out.
 */
import { capitalize, collapse, sentences } from '../../text';

/** A sentence that is already a question to the user. */
const QUESTION = /^(what|how|why|when|which|who|where|is|are|do|does|did|can|could|would|will)\b[^?]*\?$/i;

const TO_YOU: [RegExp, string][] = [
  [/\bthey're\b/gi, "you're"],
  [/\bthey've\b/gi, "you've"],
  [/\bthey'd\b/gi, "you'd"],
  [/\bthemselves\b/gi, 'yourself'],
  [/\btheirs\b/gi, 'yours'],
  [/\btheir\b/gi, 'your'],
  [/\bthem\b/gi, 'you'],
  [/\bthey\b/gi, 'you'],
];
const toYou = (text: string) => TO_YOU.reduce((t, [from, to]) => t.replace(from, to), text);

const AUX = 'will|would|can|could|should|did|do|does|are|were|have|had|might|must|want';

/** "matters" → "matter", "misses" → "miss", "carries" → "carry": the verb after "does". */
const base = (verb: string): string =>
  /ies$/i.test(verb)
    ? verb.replace(/ies$/i, 'y')
    : /(?:ss|sh|ch|x|z|o)es$/i.test(verb)
      ? verb.replace(/es$/i, '')
      : verb.replace(/s$/i, '');

/** "whether it still matters" → "does it still matter", "whether it was worth it" → "was it worth it". */
function whetherAsQuestion(clause: string): string | undefined {
  const aux = new RegExp(`^whether\\s+(it|this|that|they|he|she)\\s+(is|was|are|were|${AUX})\\s+(.+)$`, 'i').exec(clause);
  if (aux) return `${aux[2]!.toLowerCase()} ${toYou(aux[1]!.toLowerCase())} ${toYou(aux[3]!)}`;
  const verb = /^whether\s+(it|this|that|he|she)\s+((?:still|really|ever)\s+)?([a-z]+s)\b(.*)$/i.exec(clause);
  if (verb) return `does ${verb[1]!.toLowerCase()} ${verb[2] ?? ''}${base(verb[3]!)}${toYou(verb[4]!)}`;
  const plural = /^whether\s+(they)\s+((?:still|really|ever)\s+)?([a-z]+)\b(.*)$/i.exec(clause);
  if (plural) return `do you ${plural[2] ?? ''}${plural[3]}${toYou(plural[4]!)}`;
  return undefined;
}

/** One instruction to the coach as the question it asks the user, if it can be turned. */
function asQuestion(instruction: string, list: string | undefined): string | undefined {
  const s = collapse(instruction).replace(/[.!;:]+$/, '');
  if (s.endsWith('?')) return QUESTION.test(s) ? s : undefined;
  // "For any missed one, ask what happened" → "For any missed one, what happened?"
  const when = /^((?:for|with|after|if|when|once)\s+[^,]+),\s+(.+)$/i.exec(s);
  if (when) {
    const inner = asQuestion(when[2]!, list);
    return inner ? `${capitalize(toYou(when[1]!))}, ${inner[0]!.toLowerCase()}${inner.slice(1)}` : undefined;
  }
  // "Ask how they will use it" → "How will you use it?"; "Ask what made it hard" → "What made it hard?"
  const ask = /^ask (?:them )?(what|how|why|when|where|which|who)\s+(.+)$/i.exec(s);
  if (ask) {
    const [, wh, whole] = ask as unknown as [string, string, string];
    // "what happened and whether it still matters" → "What happened, and does it still matter?"
    const [rest, whether] = whole.split(/\s+and\s+(?=whether\b)/i) as [string, string | undefined];
    if (whether) {
      const first = asQuestion(`ask ${wh} ${rest}`, list);
      const second = whetherAsQuestion(whether);
      return first && second ? `${first.replace(/\?$/, '')}, and ${second}?` : undefined;
    }
    const inverted = new RegExp(`^(?:they|he|she)\\s+(${AUX})\\s+(.+)$`, 'i').exec(rest);
    if (inverted) return `${capitalize(wh.toLowerCase())} ${inverted[1]!.toLowerCase()} you ${toYou(inverted[2]!)}?`;
    // "why they froze" would need its verb turned: left to a model.
    if (/^(?:they|he|she)\b/i.test(rest)) return undefined;
    return `${capitalize(wh.toLowerCase())} ${toYou(rest)}?`;
  }
  // "Ask for an example" → "Can you give an example?"; a list said before stays with "each".
  const give = /^(?:ask|push|look) (?:them )?for\s+(.+)$/i.exec(s);
  if (give) return `Can you give ${toYou(give[1]!)}${/\beach$/i.test(give[1]!) && list ? `: ${list}` : ''}?`;
  const help = /^help (?:them|the user)\s+(?:to\s+)?(.+)$/i.exec(s);
  if (help) return `Can you ${toYou(help[1]!)}?`;
  const act = /^(compare|explore|describe|name|identify|list|pick|choose|think about|reflect on|go through|walk through)\s+(.+)$/i.exec(s);
  if (act) return `Can you ${act[1]!.toLowerCase()} ${toYou(act[2]!)}?`;
  return undefined;
}

/** The questions a check-in's prompt asks, in its order. */
export function promptQuestions(prompt: string | undefined): string[] {
  const questions: string[] = [];
  let list: string | undefined;
  for (const sentence of sentences(prompt ?? '')) {
    for (const part of sentence.split(/;\s+/)) {
      const question = asQuestion(part, list);
      if (question && !questions.includes(question)) questions.push(question);
      list = /:\s*(.+?)[.!]?$/.exec(part)?.[1];
    }
  }
  return questions;
}
