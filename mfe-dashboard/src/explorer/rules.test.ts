/** @jest-environment jsdom */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { normalizeFileName, normalizeFolderName } from '@cc/contracts/names';
import { DEFAULT_COUNT, FILES_COUNT_KEY, FOLDERS_COUNT_KEY, normalizeCount, readCount, writeCount } from './counts';
import { FILES_MESSAGES } from '@cc/contracts';
import { TEXT } from './texts';
import { fileNameProblem, folderNameProblem } from './nameRules';
import { displayName, truncateLabel } from './labels';
import { forgetStorageAccount, setStorageAccount } from '@cc/ui/storage';

describe('file labels (spec §9)', () => {
  it('keeps names of up to 24 characters', () => {
    expect(truncateLabel('a'.repeat(24))).toBe('a'.repeat(24));
    expect(truncateLabel('notes.md')).toBe('notes.md');
  });
  it('cuts longer names to 21 characters plus an ellipsis', () => {
    expect(truncateLabel('b'.repeat(25))).toBe(`${'b'.repeat(21)}…`);
    expect(truncateLabel('quarterly leadership review notes.md')).toBe('quarterly leadership …');
    expect(truncateLabel('quarterly leadership review notes.md')).toHaveLength(22);
  });
  it('never splits a character made of two code units', () => {
    expect(truncateLabel(`${'😀'.repeat(30)}`)).toBe(`${'😀'.repeat(21)}…`);
  });
  it('shows the tab title without .md', () => {
    expect(displayName('five year plan.md')).toBe('five year plan');
  });
});

describe('name rules (spec §5, @cc/contracts/names)', () => {
  it('file names: trimmed, underscores become spaces, .md appended', () => {
    expect(normalizeFileName('  five_year_plan ')).toBe('five year plan.md');
    expect(normalizeFileName('notes.md')).toBe('notes.md');
    expect(normalizeFileName('NOTES.MD')).toBe('NOTES.md');
    expect(normalizeFileName('   ')).toBe('');
    expect(normalizeFileName('.md')).toBe('');
  });
  it('folder names: trimmed', () => {
    expect(normalizeFolderName('  career-goals ')).toBe('career-goals');
  });
});

describe('names as they are typed (the dialogs report them before any call)', () => {
  it("speak the service's words", () => {
    const keys = [
      'folderNameRequired',
      'folderExists',
      'folderNameSlash',
      'folderNameTooLong',
      'fileNameRequired',
      'fileNameSlash',
      'fileNameTooLong',
      'fileExists',
    ] as const;
    for (const key of keys) expect(TEXT[key]).toBe(FILES_MESSAGES[key]);
  });

  it('folder names: required, no "/" or "\\", at most 100 characters, not taken (case ignored) unless it is the one renamed', () => {
    const folders = [{ name: 'career-goals' }, { name: 'notes' }];
    expect(folderNameProblem('  ', folders)).toBe('Please enter a folder name.');
    expect(folderNameProblem('a/b', folders)).toBe('Folder names cannot contain "/" or "\\".');
    expect(folderNameProblem('a\\b', folders)).toBe('Folder names cannot contain "/" or "\\".');
    expect(folderNameProblem('x'.repeat(101), folders)).toBe('Folder names can be at most 100 characters.');
    expect(folderNameProblem(' Career-Goals ', folders)).toBe('Folder already exists.');
    expect(folderNameProblem('Career-Goals', folders, 'career-goals')).toBeNull();
    expect(folderNameProblem('notes', folders, 'career-goals')).toBe('Folder already exists.');
    expect(folderNameProblem(' past-projects ', folders)).toBeNull();
  });

  it('file names: the name rules first (underscores, .md), then the same checks within the folder', () => {
    const files = [{ name: 'five year plan.md' }];
    expect(fileNameProblem('.md', files)).toBe('Please enter a file name.');
    expect(fileNameProblem('a/b', files)).toBe('File names cannot contain "/" or "\\".');
    expect(fileNameProblem('x'.repeat(198), files)).toBe('File names can be at most 200 characters.');
    expect(fileNameProblem('x'.repeat(197), files)).toBeNull();
    expect(fileNameProblem('Five_Year_Plan', files)).toBe('A file with this name already exists in this folder.');
    expect(fileNameProblem('FIVE year plan.MD', files, 'five year plan.md')).toBeNull();
    expect(fileNameProblem('retro', files)).toBeNull();
  });
});

describe('suggestion counts (spec §5, §9)', () => {
  beforeEach(() => localStorage.clear());

  it('are integers from 1 to 10; non-numeric is 5', () => {
    expect(DEFAULT_COUNT).toBe(5);
    expect(normalizeCount('7')).toBe(7);
    expect(normalizeCount(3)).toBe(3);
    expect(normalizeCount('3.9')).toBe(3);
    expect(normalizeCount('0')).toBe(1);
    expect(normalizeCount('-4')).toBe(1);
    expect(normalizeCount('42')).toBe(10);
    for (const value of ['', 'abc', null, undefined, Number.NaN, {}]) expect(normalizeCount(value)).toBe(5);
  });

  it('are remembered in localStorage under aiFoldersCount and aiFilesCount', () => {
    expect(FOLDERS_COUNT_KEY).toBe('aiFoldersCount');
    expect(FILES_COUNT_KEY).toBe('aiFilesCount');
    expect(readCount(FOLDERS_COUNT_KEY)).toBe(5);
    expect(writeCount(FOLDERS_COUNT_KEY, '8')).toBe(8);
    expect(localStorage.getItem('aiFoldersCount')).toBe('8');
    expect(readCount(FOLDERS_COUNT_KEY)).toBe(8);
    expect(writeCount(FILES_COUNT_KEY, 'lots')).toBe(5);
    expect(localStorage.getItem('aiFilesCount')).toBe('5');
    localStorage.setItem('aiFilesCount', 'garbage');
    expect(readCount(FILES_COUNT_KEY)).toBe(5);
  });

  it('belong to the signed-in account: the next one starts from the default', () => {
    setStorageAccount('1');
    writeCount(FOLDERS_COUNT_KEY, 9);
    expect(readCount(FOLDERS_COUNT_KEY)).toBe(9);
    setStorageAccount('2');
    expect(readCount(FOLDERS_COUNT_KEY)).toBe(5);
    expect(localStorage.getItem('aiFoldersCount')).toBeNull();
    forgetStorageAccount();
  });
});
