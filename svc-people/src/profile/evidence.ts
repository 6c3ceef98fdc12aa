import type Koa from 'koa';
import { CAREER_FOLDERS, type ProfileEvidence } from '@cc/ai';
import {
  checkinAnswersAnswer,
  fileAnswer,
  filesIndexAnswer,
  isGeneratedDocument,
  journalEntryAnswer,
  journalListAnswer,
  milestonesAnswer,
  todosAnswer,
  type ProfileDetails,
} from '@cc/contracts';
import { aboutMeAddress, checkinAddress, fileAddress, journalAddress, milestoneAddress, todoAddress } from '@cc/contracts/addresses';
import { formatDay } from '@cc/contracts/dates';
import { peerClient } from '@cc/service-kit';
import type { PeopleSettings } from '../settings';

/**
 * What a profile is written from besides the details: the user's own record, read as the
 * caller through svc-files (files, journal entries) and svc-coaching (check-in answers,
 * milestones, completed todos), each piece labelled as its statements will name it and linked to the address
 * that opens it. A peer that is down or unset gives nothing: the profile is then written from
 * what there is. Documents the product generated (the brag document) are never evidence.
 */

export interface Evidence extends ProfileEvidence {
  /** Where the source opens in the app. */
  url: string;
}

export const EVIDENCE_BUDGET = {
  quick: { files: 12, journal: 8, checkins: 10, milestones: 12, todos: 12, chars: 4_000 },
  deep: { files: 40, journal: 40, checkins: 50, milestones: 40, todos: 40, chars: 12_000 },
} as const;

const PEER_TIMEOUT_MS = 3_000;
const careerOrder = new Map<string, number>(CAREER_FOLDERS.map((f, i) => [f.name, i]));
// Meeting notes are about other people: a profile is about the user.
const NOT_ABOUT_ME = new Set(['meetings']);

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}\n…` : text);
const quoted = (title: string) => title.replace(/["\n]/g, ' ').replace(/\s+/g, ' ').trim();
// A day in a claim the user reads, as the app writes days; always with its year (a profile outlives this one).
const day = (iso: string) => formatDay(iso.slice(0, 10), '');

export async function gatherEvidence(ctx: Koa.Context, settings: PeopleSettings, mode: 'quick' | 'deep'): Promise<Evidence[]> {
  const budget = EVIDENCE_BUDGET[mode];
  const files = peerClient(ctx, settings.FILES_URL);
  const coaching = peerClient(ctx, settings.COACHING_URL);
  const get = <S extends Parameters<typeof files.get>[1]>(peer: typeof files, path: string, schema: S) =>
    peer.get(path, schema, { timeoutMs: PEER_TIMEOUT_MS });

  const [index, journal, milestones, todos, checkins] = await Promise.all([
    get(files, '/files', filesIndexAnswer),
    get(files, '/journal', journalListAnswer),
    get(coaching, '/planning/milestones', milestonesAnswer),
    get(coaching, '/planning/todos', todosAnswer),
    get(coaching, `/coaching/checkin_answers?limit=${budget.checkins}`, checkinAnswersAnswer),
  ]);

  const picked = index.ok
    ? Object.entries(index.body)
        .filter(([folder]) => !NOT_ABOUT_ME.has(folder))
        .sort(([a], [b]) => (careerOrder.get(a) ?? 99) - (careerOrder.get(b) ?? 99))
        .flatMap(([folder, list]) => list.filter((f) => !isGeneratedDocument(f)).map((f) => ({ folder, ...f })))
        .slice(0, budget.files)
    : [];
  const dates = journal.ok
    ? journal.body.entries
        .map((e) => e.date)
        .slice(-budget.journal)
        .reverse()
    : [];

  const [fileTexts, entries] = await Promise.all([
    Promise.all(picked.map((f) => get(files, `/files/${f.id}`, fileAnswer))),
    Promise.all(dates.map((d) => get(files, `/journal/${d}`, journalEntryAnswer))),
  ]);

  const evidence: Evidence[] = [];
  fileTexts.forEach((answer, i) => {
    const f = picked[i]!;
    if (!answer.ok || !answer.body.file.content.trim()) return;
    // Renamed and re-described, a generated document still has its heading.
    if (isGeneratedDocument(answer.body.file)) return;
    evidence.push({
      kind: 'file',
      label: `${f.folder}/${f.name}`,
      url: fileAddress(f.folder, f.name),
      text: clip(answer.body.file.content, budget.chars),
    });
  });
  entries.forEach((answer, i) => {
    if (!answer.ok || !answer.body.entry.content.trim()) return;
    evidence.push({
      kind: 'journal',
      // Named as the app names a day ("your journal, Mon 7 Sep 2026"), never by its ISO key.
      label: `your journal, ${day(dates[i]!)}`,
      url: journalAddress(dates[i]!),
      text: clip(answer.body.entry.content, budget.chars),
    });
  });
  for (const a of checkins.ok ? checkins.body.answers : []) {
    evidence.push({
      kind: 'checkin',
      label: `check-in "${quoted(a.question_title)}" (${a.period_key})`,
      url: checkinAddress(a.questionnaire_type, a.period_key, a.question_id),
      text: clip(a.answer, budget.chars),
    });
  }
  // Each milestone is its own source, so a statement opens the one it came from.
  for (const m of milestones.ok ? milestones.body.milestones.slice(0, budget.milestones) : []) {
    // The target and due dates are the planning page's bookkeeping, not something the user did.
    const said = m.description.trim() ? `: ${m.description.trim()}` : '';
    evidence.push({
      kind: 'milestone',
      label: `milestone "${quoted(m.title)}"`,
      url: milestoneAddress(m.id),
      text: clip(`${m.completed ? 'Reached' : 'Working towards'} the milestone "${m.title}"${said}`, budget.chars),
    });
  }
  // What the user got done: the completed todos, the latest first.
  const done = todos.ok
    ? todos.body.todos
        .filter((t) => t.completed)
        .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
        .slice(0, budget.todos)
    : [];
  for (const t of done) {
    const said = t.description.trim() ? `: ${t.description.trim()}` : '';
    evidence.push({
      kind: 'todo',
      label: `todo "${quoted(t.title)}"`,
      url: todoAddress(t.id),
      text: clip(`Completed "${t.title}"${said}`, budget.chars),
    });
  }
  return evidence;
}

/** An object a statement may be credited to: its label (the source line), its address, its text. */
export interface Source {
  label: string;
  url?: string;
  text: string;
}

/** The details the user typed in About me: a source like the notes (its statements open the Edit tab). */
export const DETAILS_SOURCE = 'profile details';
export const detailsSource = (details: Partial<ProfileDetails>): Source => ({
  label: DETAILS_SOURCE,
  url: aboutMeAddress(),
  text: Object.values(details).join('\n'),
});

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[`"'“”*_]/g, '')
    .replace(/^\s*information from\s+/, '')
    .replace(/[\s.:;,]+$/, '')
    .trim();
const MIN_PARTIAL = 6;

/**
 * The object a source line names: the exact label first, then one that contains the other (a
 * model may shorten or extend a label: "wins.md", "work-profile/wins.md (file)").
 */
export function namedSource<S extends Pick<Source, 'label'>>(sources: S[], named: string): S | undefined {
  const key = norm(named);
  if (!key) return undefined;
  const exact = sources.find((e) => norm(e.label) === key);
  if (exact) return exact;
  if (key.length < MIN_PARTIAL) return undefined;
  return sources.find((e) => {
    const label = norm(e.label);
    return label.length >= MIN_PARTIAL && (key.includes(label) || label.includes(key));
  });
}

const STOP = new Set(
  'the and for with that this from into have has had was were are our their they them its his her you your about over than then also been will would could just more most very out who what when where which while'.split(
    ' ',
  ),
);
const wordsOf = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 2 && !STOP.has(w));
// A statement is a note's when most of its words are the note's: a model rewrites ("I cut" for "Cut").
const MIN_SHARE = 0.6;
const MIN_WORDS = 2;

/** The object whose text says what the statement says, when one clearly does. */
export function sourceByText<S extends Pick<Source, 'text'>>(sources: S[], statement: string): S | undefined {
  const words = [...new Set(wordsOf(statement))];
  if (words.length < MIN_WORDS) return undefined;
  let best: { source: S; share: number } | undefined;
  for (const source of sources) {
    const known = new Set(wordsOf(source.text));
    const share = words.filter((w) => known.has(w)).length / words.length;
    if (share >= MIN_SHARE && share > (best?.share ?? 0)) best = { source, share };
  }
  return best?.source;
}

/**
 * A statement's source is always an object it came from: the one its source line names, else the
 * one whose text says it. A label the model wrote that names none (text quoted from inside a note,
 * "Information from the press office:", or one it made up) never becomes a source: without an
 * object behind it, the statement has none.
 */
export function sourceOf(sources: Source[], statement: { text: string; source: string }): Source | undefined {
  return namedSource(sources, statement.source) ?? sourceByText(sources, statement.text);
}
