/** Small text helpers shared by the prompts and the offline coach. */

// Shared with the browser (the story file's STAR parts): they live in @cc/contracts/text.
export { normalizeForCompare, sentences } from '@cc/contracts/text';

export const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

export const words = (s: string): string[] => s.match(/[\p{L}\p{N}][\p{L}\p{N}'’%.-]*/gu) ?? [];

export function truncate(s: string, max: number): string {
  const t = collapse(s);
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${atWord.length > max / 2 ? atWord : cut}…`;
}

export const capitalize = (s: string): string => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

export const endSentence = (s: string): string => (/[.!?…:]$/.test(s) ? s : `${s}.`);

/** "interview-stories" / "my_file name.md" → "Interview Stories" / "My File Name" */
export function titleFrom(name: string): string {
  const base = name.replace(/\.md$/i, '');
  // Journal entries and period files are named by date: keep the date readable.
  if (/^\d{4}-\d{2}(-\d{2})?$/.test(base)) return base;
  return base
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => (/^[A-Z0-9]+$/.test(w) ? w : capitalize(w.toLowerCase())))
    .join(' ');
}

/** A suggestion is the same as an existing or rejected name however it is written: "Career Goals", "career_goals.md" and "career-goals" are one. */
export const suggestionKey = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/\.md$/, '')
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-');

/** Lower-case, hyphenated, safe for a folder or a file name. */
export const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/\.md$/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

export const asMarkdownFileName = (s: string): string => `${slug(s) || 'notes'}.md`;

/** Suggestion counts are integers 1-10; anything else falls back to 5 (docs/dashboard.md#suggestions). */
export function normalizeCount(count: unknown): number {
  const n = typeof count === 'number' ? count : Number.parseInt(String(count ?? ''), 10);
  if (!Number.isFinite(n)) return 5;
  return Math.min(10, Math.max(1, Math.trunc(n)));
}

/** Strips a ```markdown fence a model may wrap around a whole answer. */
export function unfence(text: string): string {
  const m = text.trim().match(/^```[\w-]*\n([\s\S]*?)\n?```$/);
  return m ? m[1]! : text.trim();
}

export function bulletList(items: string[]): string {
  return items.map((i) => `- ${i}`).join('\n');
}

// Spoken as letters ("an HR partner", "an SRE", "a UX lead"): a vowel sound when the first letter is named with one.
const VOWEL_SOUND_LETTERS = /^[AEFHILMNORSX]/;
// Written with a vowel, said with a consonant ("a user", "a one-off", "a European") and the reverse ("an hour").
const CONSONANT_SOUND = /^(?:u[bcfgklmrst][aeiou]|uni|use|usu|uti|ur[aeiou]|eu|ew|one\b|one-|once)/i;
const VOWEL_SOUND = /^(?:hour|honest|honou?r|heir)/i;

/** "an" before a vowel sound, "a" before a consonant sound: "an HR partner", "a user", "an hour". */
export function article(word: string): 'a' | 'an' {
  const w = word.replace(/^[^\p{L}\p{N}]+/u, '');
  const first = w.split(/[\s-]/)[0] ?? '';
  if (first.length > 1 && /^[A-Z]{2,}s?$/.test(first)) return VOWEL_SOUND_LETTERS.test(first) ? 'an' : 'a';
  if (VOWEL_SOUND.test(w)) return 'an';
  if (CONSONANT_SOUND.test(w)) return 'a';
  if (/^8|^11|^18/.test(w)) return 'an';
  return /^[aeiou]/i.test(w) ? 'an' : 'a';
}

/** "HR business partner" → "an HR business partner". */
export const withArticle = (phrase: string): string => `${article(phrase)} ${phrase}`;

/** "a Staff Engineer", "an HR business partner"; a post held by one person takes no article ("Head of Data", "VP Sales"). */
export const roleWithArticle = (role: string): string =>
  /^(head|vp|vice president|chief|director of|president|c[etfo]o)\b/i.test(role) || /^(a|an|the)\s/i.test(role) ? role : withArticle(role);
