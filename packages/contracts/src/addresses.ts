/**
 * `@cc/contracts/addresses`: the one place that says where every object a user can open lives
 * in the browser (zod-free: the remotes import it). Every link the product writes (statement
 * sources, research citations, "since you last spoke", brag documents, follow-up todos) and
 * every page that reads its address uses these, so a link copied, opened in a new tab, reloaded
 * or reached with Back opens the same object. The page paths are the ones in `pages.ts`.
 *
 * Each object has a builder (`…Address`) and the page that owns it a parser (`read…Address`)
 * that gives back only what is well formed: an address typed by hand never throws.
 */
import { QUESTIONNAIRE_TABS, QUESTIONNAIRE_TYPES, type QuestionnaireType } from './coaching-rules';

const query = (params: Record<string, string | number | undefined | null>): string => {
  const entries = Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== null && e[1] !== '');
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
};

const ID = /^\d{1,9}$/;
const idOf = (value: string | null): number | null => (value !== null && ID.test(value) ? Number(value) : null);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_WEEK = /^\d{4}-W\d{2}$/;

/* ---------------------------------------------------------------- dashboard and journal */

/** A file in the workspace: `/dashboard?folder=…&file=…`. */
export const fileAddress = (folder: string, fileName: string): string => `/dashboard${query({ folder, file: fileName })}`;

/**
 * About me on the dashboard; with a statement's index (0-based, as the profile calls take it),
 * that statement highlighted in its review. The address carries the number the list shows
 * (index + 1), so "statement=3" is the statement a user sees as 3.
 */
export const aboutMeAddress = (statementIndex?: number): string =>
  `/dashboard${query({ about: statementIndex === undefined ? 'me' : 'statements', statement: statementIndex === undefined ? undefined : statementIndex + 1 })}`;

/** A folder in the workspace, none of its files open: `/dashboard?folder=…`. */
export const folderAddress = (folder: string): string => `/dashboard${query({ folder })}`;

/** A journal day: `/journal/YYYY-MM-DD`. */
export const journalAddress = (date: string): string => `/journal/${date}`;

export interface DashboardAddress {
  file: { folder: string; fileName: string } | null;
  /**
   * About me asked for (`?about=me`), or its statements review with one statement
   * (`?about=statements&statement=3`: the third, whose index `statement` is 2).
   */
  aboutMe: { statement: number | null } | null;
}

const statementIndex = (value: string | null): number | null => {
  const n = idOf(value);
  return n !== null && n >= 1 ? n - 1 : null;
};

export function readDashboardAddress(search: string): DashboardAddress {
  const q = new URLSearchParams(search);
  const folder = q.get('folder')?.trim();
  const fileName = q.get('file')?.trim();
  const about = q.get('about');
  return {
    file: folder && fileName ? { folder, fileName } : null,
    aboutMe:
      about === 'me' || about === 'statements' ? { statement: about === 'statements' ? statementIndex(q.get('statement')) : null } : null,
  };
}

/* ---------------------------------------------------------------- planning */

export type PlanningTabId = 'all_todos' | 'upcoming' | 'done' | 'milestones_view' | 'action_plan';

/** A todo: the All todos tab, the todo scrolled to and highlighted. */
export const todoAddress = (id: number): string => `/planning/all_todos${query({ todo: id })}`;
/** A milestone: the Milestones tab, the milestone scrolled to and highlighted. */
export const milestoneAddress = (id: number): string => `/planning/milestones_view${query({ milestone: id })}`;
/** An action-plan week (`YYYY-Www`), centred on the timeline. */
export const actionPlanWeekAddress = (week: string): string => `/planning/action_plan${query({ week })}`;
export const planningAddress = (tab: PlanningTabId = 'all_todos'): string => `/planning/${tab}`;

export interface PlanningAddress {
  todo: number | null;
  milestone: number | null;
  week: string | null;
}

export function readPlanningAddress(search: string): PlanningAddress {
  const q = new URLSearchParams(search);
  const week = q.get('week');
  return { todo: idOf(q.get('todo')), milestone: idOf(q.get('milestone')), week: week && ISO_WEEK.test(week) ? week : null };
}

/* ---------------------------------------------------------------- coaching */

/** A check-in: its tab, a period and, with a question, that question's chat open. */
export const checkinAddress = (type: QuestionnaireType, period?: string, question?: number): string =>
  `/coaching${query({ tab: QUESTIONNAIRE_TABS[type], period, question })}`;

/** The information-gathering plan; with an id, that archived plan opened. */
export const informationPlanAddress = (archivedPlan?: number): string =>
  `/coaching${query({ tab: 'information-gathering', plan: archivedPlan })}`;

export interface CoachingAddress {
  /** A tab of the coaching page (`information-gathering` or a check-in tab), when the address names a known one. */
  tab: string | null;
  type: QuestionnaireType | null;
  period: string | null;
  question: number | null;
  plan: number | null;
}

export function readCoachingAddress(search: string): CoachingAddress {
  const q = new URLSearchParams(search);
  const tab = q.get('tab');
  const type = QUESTIONNAIRE_TYPES.find((t) => QUESTIONNAIRE_TABS[t] === tab) ?? null;
  const period = q.get('period');
  return {
    tab: type || tab === 'information-gathering' ? tab : null,
    type,
    // The period's form is checked against the type by the page (periods.ts knows each kind).
    period: period && /^[\dA-Za-z-]{4,10}$/.test(period) ? period : null,
    question: idOf(q.get('question')),
    plan: idOf(q.get('plan')),
  };
}

/* ---------------------------------------------------------------- people */

export type PersonView = 'profile' | 'research' | 'meetings';

/** A person; with a profile section (its key) opened, or one of their views. */
export const personAddress = (id: number, options: { section?: string; view?: PersonView } = {}): string =>
  `/people${query({ person: id, view: options.view === 'profile' ? undefined : options.view, section: options.section })}`;
/** A person's saved web research. */
export const researchAddress = (personId: number): string => personAddress(personId, { view: 'research' });
/**
 * A meeting, its preparation modal open; with a section (one of MEETING_SECTIONS), on that
 * section's tab (a search result whose words are all in it). Without a person (a meeting whose
 * attendees were all deleted), the people page opens it over its first person.
 */
export const meetingAddress = (personId: number | null, meetingId: number, options: { section?: string } = {}): string =>
  `/people${query({ person: personId, meeting: meetingId, section: options.section })}`;

export interface PeopleAddress {
  person: number | null;
  meeting: number | null;
  /** A profile section, or with a meeting the meeting's section (its tab). */
  section: string | null;
  view: PersonView | null;
}

export function readPeopleAddress(search: string): PeopleAddress {
  const q = new URLSearchParams(search);
  const view = q.get('view');
  const section = q.get('section');
  return {
    person: idOf(q.get('person')),
    meeting: idOf(q.get('meeting')),
    section: section && /^[a-z_]{1,40}$/.test(section) ? section : null,
    view: view === 'research' || view === 'meetings' || view === 'profile' ? view : null,
  };
}

/* ---------------------------------------------------------------- the trash */

/** The Trash page (the shell's), where everything deleted in the last 30 days can be restored. */
export const trashAddress = (): string => '/trash';

/* ---------------------------------------------------------------- links written before this module */

/**
 * Older links the product wrote and may still be stored in a user's data (a statement source, a
 * citation): `/journal?date=…` becomes the journal day's address. Everything else is kept.
 */
export function canonicalAddress(url: string): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  const parsed = new URL(url, 'http://app.invalid');
  const date = parsed.searchParams.get('date');
  if (parsed.pathname === '/journal' && date && DAY.test(date)) return journalAddress(date);
  return `${parsed.pathname}${parsed.search}`;
}
