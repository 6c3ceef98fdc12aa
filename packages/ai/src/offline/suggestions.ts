/** Offline folder and file suggestions from the career-folder catalogue. */
import { FOLDER_SUGGESTIONS, folderGuide } from '../career-folders';
import { filterSuggestions } from '../suggestion-filter';
import { slug } from '../text';
import type { Suggestion, SuggestFilesInput, SuggestFoldersInput } from '../types';

export function offlineSuggestFolders(input: SuggestFoldersInput): Suggestion[] {
  return filterSuggestions(FOLDER_SUGGESTIONS, input);
}

/**
 * For a folder the catalogue does not know: files any topic benefits from. The folder is named
 * as the user typed it ("qa-notes" stays "qa-notes"), and there are more ideas than the largest
 * count, so a list regenerated after some were used or turned down still has as many as asked.
 */
function genericFiles(folder: string, folderDescription?: string): Suggestion[] {
  const topic = folder.trim() || 'this folder';
  const about = folderDescription?.trim() ? ` (${folderDescription.trim().replace(/\.$/, '')})` : '';
  const base = slug(folder) || 'folder';
  return [
    { name: `${base}-overview.md`, description: `What ${topic}${about} covers, why it matters to you and where it stands.` },
    { name: 'goals.md', description: `What you want to achieve with ${topic}, and how you will know you got there.` },
    { name: 'key-notes.md', description: `The facts, examples and numbers about ${topic} worth keeping.` },
    { name: 'next-steps.md', description: `The next actions for ${topic}, with dates.` },
    { name: 'open-questions.md', description: `Questions about ${topic} you still need to answer, and who could help.` },
    { name: 'people-involved.md', description: `Who is involved in ${topic} and what each person cares about.` },
    { name: 'decisions.md', description: `Decisions you have made about ${topic} and why.` },
    { name: 'lessons-learned.md', description: `What ${topic} has taught you so far.` },
    { name: 'resources.md', description: `Links, books and tools that help with ${topic}.` },
    { name: 'timeline.md', description: `Key dates and milestones for ${topic}.` },
    { name: 'weekly-log.md', description: `A dated log of what happened with ${topic} each week.` },
    { name: 'wins.md', description: `Successes with ${topic} worth citing later, with their impact.` },
    { name: 'ideas.md', description: `Ideas for ${topic} to try, and what each could change.` },
    { name: 'risks.md', description: `What could go wrong with ${topic}, and what you would do about it.` },
    { name: 'checklist.md', description: `The steps for ${topic} you repeat, so nothing is forgotten.` },
    { name: 'glossary.md', description: `Terms and abbreviations used in ${topic}, explained in your own words.` },
  ];
}

export function offlineSuggestFiles(input: SuggestFilesInput): Suggestion[] {
  const known = folderGuide(input.folder)?.files;
  const pool = known
    ? [...known, ...genericFiles(input.folder, input.folderDescription).slice(1)]
    : genericFiles(input.folder, input.folderDescription);
  return filterSuggestions(pool, input);
}
