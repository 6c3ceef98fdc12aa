/** Text helpers the coach (in @cc/ai) and the browser read files with alike. */

/** For "is this already in the file?" checks: case, punctuation and spacing do not matter. */
export const normalizeForCompare = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}%]+/gu, ' ')
    .trim();

/** Splits prose into sentences, keeping list items and lines as their own units. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .map((line) => line.replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, '').trim())
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=["'“(]?[A-Z0-9])/))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** How long a quoted line may be ("On this day", a check-in's previous answer). */
export const LINE_MAX = 160;

/** Markdown a line a user reads does not show: block marks, emphasis, code ticks, a link's target, an image, a tag. */
function unmarked(line: string): string {
  return line
    .replace(/^\s*(?:>\s*)+/, '')
    .replace(/^\s*(?:#{1,6}\s+|[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/(^|[\s(["'])[*_~]+(?=\S)/g, '$1')
    .replace(/(?<=\S)[*_~]+(?=[\s).,;:!?"']|$)/g, '')
    .replace(/`+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A fence, a rule or a table's divider: a line of marks, not of words. */
const NO_WORDS = /^\s*(?:```|~~~|[-*_=|:\s]+$)/;

/**
 * The first line of a markdown text that has words in it, as plain text on one line of at most
 * `max` characters (cut on a word, with "…"); '' when the text has none.
 */
export function plainLine(text: string, max: number = LINE_MAX): string {
  for (const raw of text.split('\n')) {
    if (NO_WORDS.test(raw)) continue;
    const line = unmarked(raw);
    if (!/[\p{L}\p{N}]/u.test(line)) continue;
    if (line.length <= max) return line;
    const cut = line.slice(0, max - 1);
    const space = cut.lastIndexOf(' ');
    return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
  }
  return '';
}
