/**
 * What the offline coach sees in the open file: which parts of a story, goal, retrospective,
 * journal day or folder guide are there and which are missing, so it can talk about the file
 * the user is looking at instead of ignoring it.
 */
import { formatDayInWords } from '@cc/contracts/dates';
import { isIsoDate } from '@cc/contracts/periods';
import { folderGuide, isGenericGuide, type GuideSection } from '../career-folders';
import { isInterviewStories, STAR_KEYWORDS, STAR_PHASES, type StarPhase } from '@cc/contracts/star';
import { blocksOf, headingMatches, starInBlocks, type MarkdownBlock } from '@cc/contracts/story-file';
import { normalizeForCompare } from '../text';
import { listOf } from './reflect';

export interface FilePart {
  /** As it reads in a sentence: "the result", "a date", "lessons". */
  label: string;
  /** The question that fills it. */
  question: string;
  /** The guide heading it stands for, when the folder's guide has one. */
  section?: GuideSection;
  /** Headings a user may have written for it. */
  headings: string[];
  /** What a sentence about it tends to contain; `any` means any content counts. */
  pattern: RegExp | 'any';
}

export type FileKind = 'story' | 'goal' | 'retrospective' | 'journal' | 'notes';

export interface FileReading {
  kind: FileKind;
  present: FilePart[];
  missing: FilePart[];
  /**
   * False for notes read against a folder's guide whose headings the file does not use: what is
   * "present" was told by keywords, so a reply must not say the file has a section by that name.
   */
  headingsUsed?: boolean;
}

const DATE =
  /\b((19|20)\d{2}|\d{4}-\d{2}-\d{2}|Q[1-4]|january|february|march|april|june|july|august|september|october|november|december|(jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?\s+\d|next (year|quarter|month|summer|spring|autumn|fall|winter)|this (year|quarter|month)|end of the (year|quarter|month)|within (a|an|one|two|three|four|six|\d+) (weeks?|months?|years?)|in (a|one|two|three|four|five|six|\d+) (weeks?|months?|years?))\b/i;

/** "I plan to ask her", not "the migration plan to the team": a plan to do something. */
const PLAN_TO = String.raw`plan to(?! (?:the|a|an|my|our|your|their|his|her|this|that)\b)`;

const part = (label: string, question: string, headings: string[], pattern: RegExp | 'any'): FilePart => ({
  label,
  question,
  headings,
  pattern,
});

/** The guide's section called `heading` in `sections`, for linking a part to what the chat asks. */
const linked = (p: FilePart, sections: GuideSection[]): FilePart => {
  const section = sections.find((s) => [s.heading, ...s.aliases].some((n) => headingMatches(normalizeForCompare(n), p.headings)));
  return section ? { ...p, section, question: section.question } : p;
};

const STORY_LABELS: Record<StarPhase, string> = {
  situation: 'the scene',
  task: 'your task',
  action: 'what you did',
  result: 'how it ended',
};

function storyParts(): Record<StarPhase, FilePart> {
  const guide = folderGuide('interview-stories')!.sections;
  const out = {} as Record<StarPhase, FilePart>;
  STAR_PHASES.forEach((phase, i) => {
    const section = guide[i]!;
    out[phase] = { ...part(STORY_LABELS[phase], section.question, [section.heading, ...section.aliases], STAR_KEYWORDS[phase]), section };
  });
  return out;
}

const GOAL_PARTS = [
  part(
    'the goal',
    'What goal are you working towards in the next year or two?',
    ['Goal', 'goals', 'the goal', 'vision', 'objective'],
    /\b(goals?|I want to|I'd like to|I would like to|aspire|become|aim|target|next role)\b/i,
  ),
  part(
    'why it matters',
    'Why does that goal matter to you?',
    ['Why it matters', 'motivation', 'why'],
    /\b(because|motivat\w*|matters|important|excit\w*|values?)\b/i,
  ),
  part('a date', 'By when would you like to get there?', ['Timeline', 'milestones', 'timeframe', 'deadline', 'by when'], DATE),
  part(
    'a first step',
    'What is one step you could take this week?',
    ['Next steps', 'next step', 'first step', 'action plan', 'actions', 'plan'],
    new RegExp(String.raw`\b(next step|first step|this week|I will|I'll|${PLAN_TO}|going to|start by)\b`, 'i'),
  ),
];

const RETRO_PARTS = [
  part(
    'what happened',
    'What was the project, and where and when did it happen?',
    ['Overview', 'summary', 'context', 'background', 'what happened'],
    'any',
  ),
  part(
    'what went well',
    'What went well, and what made it work?',
    ['What went well', 'went well', 'wins', 'highlights', 'successes'],
    /\b(went well|worked well|proud|success\w*|wins?|good|great)\b/i,
  ),
  part(
    'what went wrong',
    'What went wrong, or harder than planned?',
    ['What went wrong', 'what did not go well', "what didn't go well", 'challenges', 'problems', 'issues'],
    /\b(went wrong|didn't work|did not work|mistakes?|problems?|struggl\w*|failed|failures?|delay\w*|hard|difficult|missed|slipped)\b/i,
  ),
  part(
    'lessons',
    'What did you learn that you would carry into your next project?',
    ['Lessons learned', 'lessons', 'learnings', 'takeaways'],
    /\b(learn\w*|lessons?|next time|differently|takeaways?|would change)\b/i,
  ),
];

const JOURNAL_PARTS = [
  part('what happened', 'What happened today that you want to remember?', ['Today', 'what happened', 'events'], 'any'),
  part(
    'how it felt',
    'How did it feel, and what did you notice about yourself?',
    ['Reflections', 'thoughts', 'insights', 'feelings'],
    /\b(felt|feel\w*|learn\w*|realized|realised|noticed|grateful|proud|frustrat\w*|happy|tired|anxious|excited|calm)\b/i,
  ),
  part(
    'a plan for tomorrow',
    'What is one thing you want to do tomorrow?',
    ['Tomorrow', 'next steps', 'plans'],
    new RegExp(String.raw`\b(tomorrow|next|${PLAN_TO}|going to|I will|I'll)\b`, 'i'),
  ),
];

function kindOf(folder: string, fileName: string, blocks: MarkdownBlock[]): FileKind {
  const headings = blocks.map((b) => b.heading);
  const starHeadings = storyPartsList.filter((p) => headings.some((h) => headingMatches(h, p.headings))).length;
  if (isInterviewStories(folder) || starHeadings >= 3) return 'story';
  const name = `${fileName} ${headings.join(' ')}`.toLowerCase();
  if (/retro|post-?mortem|debrief|what went (well|wrong)/.test(name)) return 'retrospective';
  if (/^journal$/i.test(folder.trim()) || /^\d{4}-\d{2}-\d{2}(\.md)?$/.test(fileName.trim())) return 'journal';
  if (folder.trim().toLowerCase() === 'career-goals' || /\b(goals?|vision|promotion|next-role)\b/.test(name.replace(/[-_]/g, ' ')))
    return 'goal';
  return 'notes';
}

const storyPartsList = Object.values(storyParts());

/** Guide sections as parts: the file is read against the folder's own headings. */
function guideParts(sections: GuideSection[]): FilePart[] {
  return sections.map((s, i) => ({
    label: `"${s.heading}"`,
    question: s.question,
    section: s,
    headings: [s.heading, ...s.aliases],
    // In a folder we know nothing about, whatever is written is what the file is about.
    pattern: isGenericGuide(sections) && i === 0 ? 'any' : s.keywords,
  }));
}

/** A part is there when its heading holds something, or (in a file without its heading) a line says it. */
function isPresent(p: FilePart, blocks: MarkdownBlock[], byKeywords: boolean): boolean {
  const own = blocks.filter((b) => b.heading && headingMatches(b.heading, p.headings));
  if (own.some((b) => b.lines.length)) return true;
  if (!byKeywords) return false;
  const lines = blocks.flatMap((b) => b.lines);
  if (p.pattern === 'any') return lines.length > 0;
  const pattern = p.pattern;
  return lines.some((l) => pattern.test(l));
}

/** Undefined when the file holds nothing but a title, headings and prompts. */
export function readFile(
  folder: string,
  fileName: string,
  fileContent: string,
  sections: GuideSection[],
  // A page that knows what it holds says so (a check-in's notes are read by its guide, whatever the question's title).
  { kind: known }: { kind?: FileKind } = {},
): FileReading | undefined {
  const blocks = blocksOf(fileContent);
  if (!blocks.some((b) => b.lines.length)) return undefined;
  const kind = known ?? kindOf(folder, fileName, blocks);

  if (kind === 'story') {
    const parts = storyParts();
    const progress = starInBlocks(blocks);
    return {
      kind,
      present: STAR_PHASES.filter((p) => progress[p]).map((p) => parts[p]),
      missing: STAR_PHASES.filter((p) => !progress[p]).map((p) => parts[p]),
    };
  }

  const parts = (
    kind === 'goal' ? GOAL_PARTS : kind === 'retrospective' ? RETRO_PARTS : kind === 'journal' ? JOURNAL_PARTS : guideParts(sections)
  ).map((p) => (p.section ? p : linked(p, sections)));
  // Keywords stand in for headings only in a file that does not use the guide's headings.
  const usesHeadings = parts.some((p) => blocks.some((b) => b.heading && headingMatches(b.heading, p.headings)));
  const byKeywords = kind !== 'notes' || !usesHeadings;
  const present = parts.filter((p) => isPresent(p, blocks, byKeywords));
  return { kind, present, missing: parts.filter((p) => !present.includes(p)), ...(kind === 'notes' ? { headingsUsed: usesHeadings } : {}) };
}

const NOUNS: Record<FileKind, string> = {
  story: 'Your story in',
  goal: 'Your plan in',
  retrospective: 'Your retrospective in',
  journal: 'Your entry in',
  notes: 'Your file',
};

/** How a reading names what it read: "Your story in x.md", "Your notes on this question" (plural). */
export interface ReadingSubject {
  text: string;
  plural?: boolean;
}

/** A dashboard file's subject: what kind of writing it is, and its name. */
export function fileSubject(reading: FileReading, fileName: string, today?: string): ReadingSubject {
  // A day's entry is a day to its writer, not a file: "Your entry for 5 January", written as
  // every day in a reply is (formatDayInWords of @cc/contracts/dates).
  const day = fileName.replace(/\.md$/i, '');
  if (reading.kind === 'journal' && isIsoDate(day)) return { text: `Your entry for ${formatDayInWords(day, today)}` };
  return { text: `${NOUNS[reading.kind]} ${fileName || 'this file'}` };
}

/** "Your story in x.md has the scene and your task; it is still missing what you did and how it ended." */
export function describeReading(reading: FileReading, subject: ReadingSubject, missing: FilePart[] = reading.missing): string {
  const lacks = listOf(missing.slice(0, 3).map((p) => p.label));
  const has = listOf(reading.present.map((p) => p.label));
  const [verb, it] = subject.plural ? ['have', 'they are'] : ['has', 'it is'];
  // A file that does not use the guide's headings has no section by those names: only what it lacks is said.
  if (reading.headingsUsed === false && missing.length)
    return `${subject.text} ${verb} no ${listOf(missing.slice(0, 3).map((p) => p.label)).replace(/ and (?=[^,]*$)/, ' or ')} section yet.`;
  if (!reading.present.length) return `${subject.text} ${subject.plural ? 'are' : 'is'} still missing ${lacks}.`;
  if (!missing.length) return `${subject.text} ${verb} ${has}.`;
  return `${subject.text} ${verb} ${has}; ${it} still missing ${lacks}.`;
}
