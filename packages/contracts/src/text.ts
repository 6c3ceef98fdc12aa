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
