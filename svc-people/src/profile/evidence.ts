import type Koa from 'koa';
import { CAREER_FOLDERS, type ProfileEvidence } from '@cc/ai';
import {
  QUESTIONNAIRE_TABS,
  checkinAnswersAnswer,
  fileAnswer,
  filesIndexAnswer,
  journalEntryAnswer,
  journalListAnswer,
  milestonesAnswer,
} from '@cc/contracts';
import { peerClient } from '@cc/service-kit';
import type { PeopleSettings } from '../settings';

/**
 * What a profile is written from besides the details: the user's own record, read as the
 * caller through svc-files (files, journal entries) and svc-coaching (check-in answers,
 * milestones), each piece
 * labelled as its statements will name it and linked to where the panel can open it. A peer
 * that is down or unset gives nothing: the profile is then written from what there is.
 */

export interface Evidence extends ProfileEvidence {
  /** Where the source opens in the app. */
  url: string;
}

export const EVIDENCE_BUDGET = {
  quick: { files: 12, journal: 8, checkins: 10, chars: 4_000 },
  deep: { files: 40, journal: 40, checkins: 50, chars: 12_000 },
} as const;

const PEER_TIMEOUT_MS = 3_000;
const careerOrder = new Map<string, number>(CAREER_FOLDERS.map((f, i) => [f.name, i]));
// Meeting notes are about other people: a profile is about the user.
const NOT_ABOUT_ME = new Set(['meetings']);

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}\n…` : text);

export async function gatherEvidence(ctx: Koa.Context, settings: PeopleSettings, mode: 'quick' | 'deep'): Promise<Evidence[]> {
  const budget = EVIDENCE_BUDGET[mode];
  const files = peerClient(ctx, settings.FILES_URL);
  const coaching = peerClient(ctx, settings.COACHING_URL);
  const get = <S extends Parameters<typeof files.get>[1]>(peer: typeof files, path: string, schema: S) =>
    peer.get(path, schema, { timeoutMs: PEER_TIMEOUT_MS });

  const [index, journal, milestones, checkins] = await Promise.all([
    get(files, '/files', filesIndexAnswer),
    get(files, '/journal', journalListAnswer),
    get(coaching, '/planning/milestones', milestonesAnswer),
    get(coaching, `/coaching/checkin_answers?limit=${budget.checkins}`, checkinAnswersAnswer),
  ]);

  const picked = index.ok
    ? Object.entries(index.body)
        .filter(([folder]) => !NOT_ABOUT_ME.has(folder))
        .sort(([a], [b]) => (careerOrder.get(a) ?? 99) - (careerOrder.get(b) ?? 99))
        .flatMap(([folder, list]) => list.map((f) => ({ folder, ...f })))
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
    evidence.push({
      kind: 'file',
      label: `${f.folder}/${f.name}`,
      url: `/dashboard?folder=${encodeURIComponent(f.folder)}&file=${encodeURIComponent(f.name)}`,
      text: clip(answer.body.file.content, budget.chars),
    });
  });
  entries.forEach((answer, i) => {
    if (!answer.ok || !answer.body.entry.content.trim()) return;
    evidence.push({
      kind: 'journal',
      label: `journal entry of ${dates[i]}`,
      url: `/journal/${dates[i]}`,
      text: clip(answer.body.entry.content, budget.chars),
    });
  });
  for (const a of checkins.ok ? checkins.body.answers : []) {
    const tab = QUESTIONNAIRE_TABS[a.questionnaire_type];
    evidence.push({
      kind: 'checkin',
      label: `check-in "${a.question_title.replace(/["\n]/g, ' ').trim()}" (${a.period_key})`,
      url: `/coaching?tab=${tab}&period=${encodeURIComponent(a.period_key)}&question=${a.question_id}`,
      text: clip(a.answer, budget.chars),
    });
  }
  if (milestones.ok && milestones.body.milestones.length) {
    const lines = milestones.body.milestones.map(
      (m) =>
        `- ${m.completed ? 'Reached' : 'Working towards'} the milestone "${m.title}"${m.target_date ? ` (target ${m.target_date})` : ''}${m.description.trim() ? `: ${m.description.trim()}` : ''}`,
    );
    evidence.push({ kind: 'milestone', label: 'planning milestones', url: '/planning', text: clip(lines.join('\n'), budget.chars) });
  }
  return evidence;
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[`"'“”*_]/g, '')
    .replace(/[\s.:;,]+$/, '')
    .trim();
const MIN_PARTIAL = 6;

/**
 * The link of a statement's source: the evidence it names. A model may quote the label, or
 * shorten or extend it ("wins.md", "work-profile/wins.md (file)"): the exact label first, then one
 * that contains the other.
 */
export function linkOf(evidence: Pick<Evidence, 'label' | 'url'>[], source: string): string | undefined {
  const key = norm(source);
  if (!key) return undefined;
  const exact = evidence.find((e) => norm(e.label) === key);
  if (exact) return exact.url;
  if (key.length < MIN_PARTIAL) return undefined;
  return evidence.find((e) => {
    const label = norm(e.label);
    return label.length >= MIN_PARTIAL && (key.includes(label) || label.includes(key));
  })?.url;
}
