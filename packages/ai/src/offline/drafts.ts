/**
 * Offline file drafts: a first version built from what the workspace holds (the file's and the
 * folder's descriptions, and lines of the folder's other files that are about the same thing),
 * under the folder's headings. Where a heading has nothing yet, it carries the one question
 * that fills it, in italics: never a bracketed placeholder, never an instruction to the user.
 */
import { folderGuide, isGenericGuide, sectionsFor, type GuideSection } from '../career-folders';
import { capitalize, collapse, endSentence, normalizeForCompare, sentences, titleFrom, words } from '../text';
import type { DraftFileInput, RelatedFile } from '../types';
import { cleanFact, isFactSentence, sectionByKeywords } from './facts';

/** Lines taken from other files: enough to start from, not a copy of them. */
const MAX_BORROWED = 4;
const MAX_PER_SECTION = 2;

/** The line a draft puts under an empty heading; merges remove it once the heading is filled. */
export const draftQuestion = (section: GuideSection): string => `_${section.question}_`;

const STOP = new Set(
  'about after again also been before being could from have here into just like more most much only other over some such than that their them then there these they this those through very what when where which while with would your notes file story'.split(
    ' ',
  ),
);

/** The words that say what a file is about: its name and description, without the filler. */
function topicWords(...texts: (string | undefined)[]): Set<string> {
  const out = new Set<string>();
  for (const text of texts) {
    for (const w of words(normalizeForCompare((text ?? '').replace(/\.md$/i, '').replace(/[-_]/g, ' ')))) {
      if (w.length >= 4 && !STOP.has(w)) out.add(w.replace(/s$/, ''));
    }
  }
  return out;
}

interface Borrowed {
  text: string;
  section: GuideSection | undefined;
}

/** Sentences of the related files that share a topic word with the new file, each with its source. */
function borrowed(related: RelatedFile[], topics: Set<string>, sections: GuideSection[]): Borrowed[] {
  const out: Borrowed[] = [];
  const seen = new Set<string>();
  for (const file of related) {
    const lines = (file.excerpt ?? '').split('\n').filter((l) => !/^\s*#/.test(l) && !/^\s*[-*+]?\s*(\[.*\]|_.*_)\s*$/.test(l));
    for (const sentence of sentences(lines.join('\n'))) {
      if (!isFactSentence(sentence) || /[[\]]/.test(sentence)) continue;
      const sentenceWords = words(normalizeForCompare(sentence)).map((w) => w.replace(/s$/, ''));
      if (!sentenceWords.some((w) => topics.has(w))) continue;
      const key = normalizeForCompare(sentence);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ text: `From ${file.name}: ${cleanFact(sentence)}`, section: sectionByKeywords(sentence, sections) });
      if (out.length >= MAX_BORROWED) return out;
    }
  }
  return out;
}

/** "leading-an-outage.md" → "Leading an outage": a title in sentence case; an acronym ("API") and a date stay as written. */
function draftTitle(name: string): string {
  const title = titleFrom(name);
  if (/^\d{4}-\d{2}/.test(title)) return title;
  const raw = name
    .replace(/\.md$/i, '')
    .split(/[-_\s]+/)
    .filter(Boolean);
  return capitalize(
    title
      .split(' ')
      .map((w, i) => (/^[A-Z0-9]{2,}$/.test(raw[i] ?? '') || /^[A-Z]/.test(raw[i] ?? '') ? w : w.toLowerCase()))
      .join(' '),
  );
}

export function offlineDraft({ folder, name, description, folderDescription, related = [] }: DraftFileInput): string {
  const sections = sectionsFor(folder);
  const about = collapse(description ?? '');
  const folderAbout = collapse(folderDescription ?? '');
  const lines = [`# ${draftTitle(name) || 'Untitled'}`, ''];
  const story = sections[0]?.heading === 'Situation';
  // A description that says what a heading is about ("Become a VP by 2031" is the goal) is its first line.
  const described = sentences(about)
    .filter(isFactSentence)
    // A story's description is the scene it is about ("The night our API went down and I led the incident"), not one of its actions.
    .map((sentence) => ({ text: cleanFact(sentence), section: sectionByKeywords(sentence, sections) }))
    .map((f) => (story && f.section ? { ...f, section: sections[0] } : f))
    .filter((f) => f.section && !isGenericGuide(sections));
  const intro = described.length ? '' : about || folderAbout || folderGuide(folder)?.description;
  if (intro) lines.push(`> ${endSentence(capitalize(intro))}`, '');
  if (about && folderAbout) lines.push(`**Folder ${folder}:** ${endSentence(capitalize(folderAbout))}`, '');

  const facts = [...described, ...borrowed(related, topicWords(name, about), sections)];
  // A line no heading claims opens the file: it is context for the whole of it.
  const unplaced = facts.filter((f) => !f.section);
  sections.forEach((section, i) => {
    const own = facts.filter((f) => f.section === section || (i === 0 && unplaced.includes(f))).slice(0, MAX_PER_SECTION);
    lines.push(`## ${section.heading}`, ...(own.length ? own.map((f) => `- ${f.text}`) : [draftQuestion(section)]), '');
  });
  return `${lines.join('\n').trimEnd()}\n`;
}
