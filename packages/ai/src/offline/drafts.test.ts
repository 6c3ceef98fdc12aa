/**
 * Offline drafts and suggestions (issue 9): a draft is a first version built from what the
 * workspace holds, with questions where facts are missing, never bracketed placeholders or
 * instructions; suggestions keep the folder's name as typed and honour the count asked for.
 */
import { describe, expect, test } from '@jest/globals';
import { FOLDER_SUGGESTIONS, folderGuide, sectionsFor } from '../career-folders';
import { createOfflineCoach } from './offline-provider';

const ai = createOfflineCoach();

/** Lines that tell the user what to do instead of being part of their document. */
const INSTRUCTION = /\b(tell it in|fill in|write here|add your|replace this|placeholder|TODO)\b/i;

describe('drafts', () => {
  test('a draft holds the folder and file descriptions and the related files it is about, with no brackets', async () => {
    const draft = await ai.draftFile({
      folder: 'qa-notes',
      name: 'release-checklist.md',
      description: 'What to check before each mobile release',
      folderDescription: 'Notes from QA sessions with the mobile team',
      related: [
        {
          name: 'login-bugs.md',
          description: 'Bugs found in login',
          excerpt: '# Login bugs\n\nThe release on 3 March broke login for 2% of Android users.\n- [add more]\n_Which devices?_\n',
        },
        { name: 'team.md', excerpt: 'Priya owns the Android build and Sam owns iOS.' },
      ],
    });
    expect(draft.startsWith('# Release checklist\n')).toBe(true);
    expect(draft).toContain('What to check before each mobile release.');
    expect(draft).toContain('**Folder qa-notes:** Notes from QA sessions with the mobile team.');
    // Only what is about this file's topic (a release) is taken, with its source.
    expect(draft).toContain('- From login-bugs.md: The release on 3 March broke login for 2% of Android users.');
    expect(draft).not.toContain('Priya owns');
    expect(draft).not.toMatch(/[[\]]/);
    expect(draft).not.toMatch(INSTRUCTION);
    // Every heading has either a fact or the question that fills it.
    for (const section of sectionsFor('qa-notes')) {
      const body = draft
        .slice(draft.indexOf(`## ${section.heading}`))
        .split('\n## ')[0]!
        .split('\n')
        .slice(1)
        .join('\n')
        .trim();
      expect(body === `_${section.question}_` || body.startsWith('- ')).toBe(true);
    }
  });

  test("a goal's description goes under the heading it answers; the other headings ask their question", async () => {
    const draft = await ai.draftFile({
      folder: 'career-goals',
      name: 'five-year-vision.md',
      description: 'Become a VP of engineering by 2031',
    });
    expect(draft).toContain('## Goal\n- Become a VP of engineering by 2031.\n');
    expect(draft).toContain('## Why it matters\n_Why does that goal matter to you?_\n');
    expect(draft).not.toMatch(/[[\]]/);
  });

  test('every folder guide drafts without brackets or instructions, even with nothing to build on', async () => {
    for (const folder of ['interview-stories', 'work-profile', 'current-projects', 'past-projects', 'career-goals', 'journal', 'hobbies']) {
      const draft = await ai.draftFile({ folder, name: 'new-file.md' });
      expect(draft).not.toMatch(/[[\]]/);
      expect(draft).not.toMatch(INSTRUCTION);
      expect(draft).not.toMatch(/\.\.|\. \./);
    }
  });

  test('the coach reads a fresh draft as a file still to fill, not as "nothing to add"', async () => {
    const fileContent = await ai.draftFile({
      folder: 'past-projects',
      name: 'billing-migration.md',
      description: 'Moving billing to Postgres',
    });
    const reply = await ai.chatReply({
      mode: 'agent',
      folder: 'past-projects',
      fileName: 'billing-migration.md',
      fileContent,
      history: [],
      message: 'update the file',
    });
    expect(reply).not.toMatch(/Happy to, once/);
    expect(reply).toContain('There is nothing new from our conversation to add to billing-migration.md yet.');
    expect(reply).toContain(folderGuide('past-projects')!.sections[0]!.question);
  });
});

test("a story's description is its situation, even when it says what the user did; the title is in sentence case", async () => {
  const draft = await ai.draftFile({
    folder: 'interview-stories',
    name: 'leading-an-API-outage.md',
    description: 'The night our payments API went down during a product launch and I led the incident',
  });
  expect(draft.startsWith('# Leading an API outage\n')).toBe(true);
  expect(draft).toContain('## Situation\n- The night our payments API went down during a product launch and I led the incident.\n');
});

describe('suggestions', () => {
  test("an unknown folder is named as the user typed it ('qa-notes', not 'Qa Notes')", async () => {
    const files = await ai.suggestFiles({ folder: 'qa-notes', count: 10, existing: [], rejected: [] });
    const text = files.map((f) => f.description).join(' ');
    expect(text).toContain('qa-notes');
    expect(text).not.toMatch(/Qa Notes|Qa-notes/);
    expect(files[0]!.name).toBe('qa-notes-overview.md');
  });

  test('a regenerated folder list honours the count after the user used or turned down some', async () => {
    const existing = FOLDER_SUGGESTIONS.slice(0, 4).map((s) => s.name);
    const rejected = FOLDER_SUGGESTIONS.slice(4, 9).map((s) => s.name);
    expect(await ai.suggestFolders({ count: 10, existing, rejected })).toHaveLength(10);
    expect(await ai.suggestFolders({ count: 8, existing, rejected })).toHaveLength(8);
  });

  test('a regenerated file list honours the count, in a known folder and in one the catalogue does not know', async () => {
    const known = folderGuide('career-goals')!.files.map((f) => f.name);
    expect(
      await ai.suggestFiles({ folder: 'career-goals', count: 10, existing: known.slice(0, 4), rejected: known.slice(4) }),
    ).toHaveLength(10);
    const taken = ['qa-notes-overview.md', 'goals.md', 'key-notes.md', 'next-steps.md', 'open-questions.md', 'decisions.md'];
    expect(await ai.suggestFiles({ folder: 'qa-notes', count: 10, existing: taken.slice(0, 3), rejected: taken.slice(3) })).toHaveLength(
      10,
    );
  });
});
