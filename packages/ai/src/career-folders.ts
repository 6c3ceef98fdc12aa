/**
 * What the product knows about career folders: the seven of docs/dashboard.md#suggestions, a few more for when
 * those exist, and for each the headings a file in it has, what each heading is about
 * (keywords), the question a coach asks to fill it, and file ideas. The prompts quote it and
 * the offline coach runs on it.
 *
 * The guides themselves are data (guides/*.json, one file a folder, and chats.json for the
 * product's own chats); this module reads them once and answers questions about them.
 */
import { z } from 'zod';
import { STAR_ALIASES, STAR_HEADINGS, STAR_KEYWORDS, STAR_PHASES } from '@cc/contracts/star';
import { suggestionKey } from './text';
import type { Suggestion } from './types';
import workProfile from './guides/work-profile.json' with { type: 'json' };
import currentProjects from './guides/current-projects.json' with { type: 'json' };
import pastProjects from './guides/past-projects.json' with { type: 'json' };
import interviewStories from './guides/interview-stories.json' with { type: 'json' };
import careerGoals from './guides/career-goals.json' with { type: 'json' };
import currentJobRelationships from './guides/current-job-relationships.json' with { type: 'json' };
import industryRelationships from './guides/industry-relationships.json' with { type: 'json' };
import extraFolders from './guides/extra-folders.json' with { type: 'json' };
import chats from './guides/chats.json' with { type: 'json' };

export interface GuideSection {
  heading: string;
  /** Other headings a user may have written for the same thing. */
  aliases: string[];
  /** What a sentence about this heading tends to contain. */
  keywords: RegExp;
  /** One focused follow-up question that fills this heading. */
  question: string;
  /** What to write under the heading in a draft. */
  hint: string;
}

export interface FolderGuide {
  name: string;
  description: string;
  sections: GuideSection[];
  files: Suggestion[];
}

const text = z.string().min(1);
const suggestion = z.object({ name: text, description: text });
/**
 * A heading as the data writes it: `keywords` is a case-insensitive regular expression's
 * source. A STAR part names its phase instead, so that the interview-stories guide reads a
 * story by the same headings, aliases and keywords as the dashboard (@cc/contracts/star).
 */
const sectionRow = z.union([
  z.strictObject({ star: z.enum(STAR_PHASES), question: text, hint: text }),
  z.strictObject({ heading: text, keywords: text, question: text, hint: text, aliases: z.array(text) }),
]);
const folderRow = z.strictObject({ name: text, description: text, sections: z.array(sectionRow).min(1), files: z.array(suggestion) });

function toSection(row: z.infer<typeof sectionRow>): GuideSection {
  const { question, hint } = row;
  if ('star' in row) {
    const phase = row.star;
    return { heading: STAR_HEADINGS[phase], keywords: STAR_KEYWORDS[phase], question, hint, aliases: STAR_ALIASES[phase] };
  }
  return { heading: row.heading, keywords: new RegExp(row.keywords, 'i'), question, hint, aliases: row.aliases };
}

const toSections = (rows: unknown): GuideSection[] => z.array(sectionRow).min(1).parse(rows).map(toSection);

export const CAREER_FOLDERS: FolderGuide[] = [
  workProfile,
  currentProjects,
  pastProjects,
  interviewStories,
  careerGoals,
  currentJobRelationships,
  industryRelationships,
].map((data) => {
  const folder = folderRow.parse(data);
  return { ...folder, sections: folder.sections.map(toSection) };
});

/**
 * Offered after the seven, so a user who has them all, or turned some down, still gets as many
 * ideas as the count asks for (up to 10).
 */
export const EXTRA_FOLDERS: Suggestion[] = z.array(suggestion).parse(extraFolders);

const { generic, ...special } = z.record(z.string(), z.unknown()).parse(chats);
const GENERIC_SECTIONS = toSections(generic);
/** Guides for the product's own chats: coaching questions, meetings, planning, people, journal. */
const CHAT_GUIDES = new Map(Object.entries(special).map(([key, rows]) => [key, toSections(rows)]));

/** Folders we know nothing about get the generic headings; there any fact fills the overview. */
export const isGenericGuide = (sections: GuideSection[]): boolean => sections === GENERIC_SECTIONS;

export function folderGuide(folder: string): FolderGuide | undefined {
  const key = suggestionKey(folder);
  return CAREER_FOLDERS.find((f) => f.name === key);
}

/** The headings a file in this folder has (a generic set for folders we do not know). */
export function sectionsFor(folder: string, options: { person?: boolean } = {}): GuideSection[] {
  if (options.person) return CHAT_GUIDES.get('person')!;
  const key = suggestionKey(folder);
  return folderGuide(key)?.sections ?? CHAT_GUIDES.get(key) ?? GENERIC_SECTIONS;
}

export const FOLDER_SUGGESTIONS: Suggestion[] = [
  ...CAREER_FOLDERS.map(({ name, description }) => ({ name, description })),
  ...EXTRA_FOLDERS,
];
