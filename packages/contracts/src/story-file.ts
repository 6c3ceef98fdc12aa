/**
 * Reading a markdown file the way the coach does: its content lines under their headings, and
 * for an interview story, which STAR parts it already holds. Shared by the offline coach (in
 * @cc/ai) and the dashboard's chat, so the chat's n/4 starts from the file and agrees with what
 * the coach says is there and missing.
 */
import { advanceStar, emptyStarProgress, STAR_ALIASES, STAR_HEADINGS, STAR_PHASES, type StarProgress } from './star';
import { normalizeForCompare, sentences } from './text';

export interface MarkdownBlock {
  /** Normalised heading the lines sit under ('' before the first). */
  heading: string;
  lines: string[];
}

/** Lines a draft or a template puts in a file without saying anything: placeholders, prompts, hints. */
const isFiller = (text: string): boolean => !text || /^\[.*\]$/.test(text) || /^_.*_$/.test(text) || text.endsWith('?');

/** The file's content lines grouped under their headings, minus fillers, fences and the title. */
export function blocksOf(fileContent: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [{ heading: '', lines: [] }];
  let inFence = false;
  for (const raw of fileContent.split('\n')) {
    if (/^\s*(```|~~~)/.test(raw)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const heading = raw.match(/^(#{1,6})\s+(.+?)\s*#*\s*$/);
    if (heading) {
      // The title names the file; it is not a section of it.
      if (heading[1]!.length > 1) blocks.push({ heading: normalizeForCompare(heading[2]!), lines: [] });
      continue;
    }
    const text = raw
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '')
      .replace(/^>\s*/, '')
      .trim();
    if (!isFiller(text)) blocks[blocks.length - 1]!.lines.push(text);
  }
  return blocks;
}

/** Whether a normalised heading is one of `names` (or starts with one: "Result (2024)"). */
export const headingMatches = (heading: string, names: string[]): boolean =>
  names.some((n) => {
    const key = normalizeForCompare(n);
    return heading === key || heading.startsWith(`${key} `);
  });

const starNames = (phase: (typeof STAR_PHASES)[number]): string[] => [STAR_HEADINGS[phase], ...STAR_ALIASES[phase]];

/**
 * The STAR parts in a story's blocks. With at least two STAR headings, a part is there when its
 * heading holds something; in prose, a story is told in order, so a phase counts once the ones
 * before it are there.
 */
export function starInBlocks(blocks: MarkdownBlock[]): StarProgress {
  const under = (phase: (typeof STAR_PHASES)[number]) => blocks.filter((b) => b.heading && headingMatches(b.heading, starNames(phase)));
  const withHeadings = STAR_PHASES.filter((phase) => under(phase).length > 0).length >= 2;
  let progress = emptyStarProgress();
  if (withHeadings) {
    for (const phase of STAR_PHASES) progress[phase] = under(phase).some((b) => b.lines.length > 0);
  } else {
    for (const line of blocks.flatMap((b) => b.lines).flatMap((l) => sentences(l))) progress = advanceStar(progress, line);
  }
  return progress;
}

/** The STAR parts a story file already holds. */
export function starInStory(fileContent: string): StarProgress {
  return starInBlocks(blocksOf(fileContent));
}
