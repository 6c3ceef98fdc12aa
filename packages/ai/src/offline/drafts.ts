/** Offline file drafts: the folder's headings with what to write under each. */
import { folderGuide, sectionsFor } from '../career-folders';
import { isInterviewStories } from '../star';
import { collapse, endSentence, titleFrom } from '../text';
import type { DraftFileInput } from '../types';

export function offlineDraft({ folder, name, description }: DraftFileInput): string {
  const lines = [`# ${titleFrom(name) || 'Untitled'}`, ''];
  const purpose = collapse(description ?? '') || folderGuide(folder)?.description;
  if (purpose) lines.push(`> ${endSentence(purpose)}`, '');
  if (isInterviewStories(folder)) {
    lines.push('_Tell it in the first person, in about two minutes: situation, task, action, result._', '');
  }
  for (const section of sectionsFor(folder)) {
    // Bracketed hints are placeholders: the chat's edits replace them once the heading is filled.
    lines.push(`## ${section.heading}`, `- [${section.hint}]`, `- [${section.question}]`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
