/**
 * Merges facts into a markdown file under fitting headings. Only insertions: every line the
 * user wrote stays where it was (a draft's question, or an old draft's bracketed placeholder,
 * under a heading that is now filled excepted),
 * so the diff the user reviews shows exactly what the conversation added.
 */
import type { GuideSection } from '../career-folders';
import { normalizeForCompare } from '../text';
import { draftQuestion } from './drafts';
import type { Fact } from './facts';

export const NOTES_HEADING = 'Notes from our conversation';

interface Heading {
  line: number;
  level: number;
  text: string;
}

function headingsOf(lines: string[]): Heading[] {
  const headings: Heading[] = [];
  let inFence = false;
  lines.forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const m = !inFence && line.match(/^(#{1,6})\s+(.+?)\s*#*\s*$/);
    if (m) headings.push({ line: i, level: m[1]!.length, text: m[2]! });
  });
  return headings;
}

/** "The Results & impact" → "result impact": articles, plurals and punctuation do not matter. */
const headingKey = (s: string) =>
  normalizeForCompare(s)
    .split(' ')
    .filter((w) => !['the', 'my', 'our', 'and', 'a', 'an'].includes(w))
    .map((w) => w.replace(/s$/, ''))
    .join(' ');

/** A heading fits a section when it is the section's name (or an alias), possibly with more words after. */
function matches(heading: Heading, section: GuideSection | undefined): boolean {
  const key = headingKey(heading.text);
  const names = section ? [section.heading, ...section.aliases] : [NOTES_HEADING, 'notes', 'additional notes'];
  return names.some((n) => {
    const k = headingKey(n);
    return key === k || key.startsWith(`${k} `);
  });
}

/** The line after which a section's body ends (before the next heading of the same or higher level). */
function sectionEnd(lines: string[], headings: Heading[], h: Heading): number {
  const next = headings.find((o) => o.line > h.line && o.level <= h.level);
  let end = (next ? next.line : lines.length) - 1;
  while (end > h.line && !lines[end]!.trim()) end--;
  return end;
}

const PLACEHOLDER = /^\s*[-*+]\s+\[[^\]]{4,}\]\s*$/;

export interface MergeOptions {
  /** Guide order, so a new heading lands between its neighbours (Task before Result). */
  order: GuideSection[];
  /** Used for the top heading when the file is empty. */
  title: string;
}

/** Words that carry no fact of their own: "I cut the latency" and "Cut latency" say one thing. */
const FILLER = new Set(
  'i me my we our us you your the a an and or but so to of in on at by for with from as is was were be been it its this that there then also just really very which who'.split(
    ' ',
  ),
);
const contentWords = (s: string): Set<string> =>
  new Set(
    normalizeForCompare(s)
      .split(' ')
      .filter((w) => w && !FILLER.has(w))
      .map((w) => w.replace(/(?<=\p{L}{3})(?:ed|ing|s)$/u, '')),
  );

/**
 * Share of a fact's words a sentence of the file already holds, for the best such sentence:
 * 1 when the file says it (in other words order, tense or with fewer fillers), low when the fact
 * brings something new.
 */
const NEAR_DUPLICATE = 0.8;
function alreadyIn(sentences: Set<string>[], fact: string): boolean {
  const words = contentWords(fact);
  if (!words.size) return true;
  return sentences.some((sentence) => {
    let shared = 0;
    for (const w of words) if (sentence.has(w)) shared++;
    return shared / words.size >= NEAR_DUPLICATE;
  });
}

export function mergeFacts(content: string, facts: Fact[], { order, title }: MergeOptions): string {
  const existing = normalizeForCompare(content);
  const sentences = content.split(/\n+|(?<=[.!?])\s+/).map(contentWords);
  const fresh = facts.filter((f) => !existing.includes(normalizeForCompare(f.text)) && !alreadyIn(sentences, f.text));
  if (!fresh.length) return content;

  const lines = content.trim() ? content.replace(/\s+$/, '').split('\n') : [`# ${title}`];
  // Group by target, keeping the guide's order, notes last.
  const targets: (GuideSection | undefined)[] = [...order.filter((s) => fresh.some((f) => f.section === s)), undefined];

  for (const target of targets) {
    const bullets = fresh.filter((f) => f.section === target).map((f) => `- ${f.text}`);
    if (!bullets.length) continue;
    const headings = headingsOf(lines);
    // Level-one headings are titles: a file called "# Goal" is not its Goal section.
    const found = headings.find((h) => h.level >= 2 && matches(h, target));
    if (found) {
      const end = sectionEnd(lines, headings, found);
      lines.splice(end + 1, 0, ...bullets);
      // A filled heading no longer needs the draft's question.
      const prompts = new Set(order.map(draftQuestion));
      for (let i = end; i > found.line; i--) if (PLACEHOLDER.test(lines[i]!) || prompts.has(lines[i]!.trim())) lines.splice(i, 1);
      continue;
    }
    const block = [`## ${target?.heading ?? NOTES_HEADING}`, ...bullets];
    const before = target ? nextExistingSection(headings, target, order) : undefined;
    if (before) {
      lines.splice(before.line, 0, ...block, '');
    } else {
      lines.push('', ...block);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The first heading in the file for a section that comes after `target` in the guide. */
function nextExistingSection(headings: Heading[], target: GuideSection, order: GuideSection[]): Heading | undefined {
  const index = order.indexOf(target);
  for (const later of order.slice(index + 1)) {
    const h = headings.find((x) => x.level >= 2 && matches(x, later));
    if (h) return h;
  }
  return undefined;
}
