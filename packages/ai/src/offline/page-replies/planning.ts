/**
 * The planning chat when the message asks for no action (planning-chat.ts writes those): it
 * reads the open todos (overdue, due today, next due), the next milestone and this week of the
 * action plan, coaches on priorities and offers what it can really do here, a todo or a plan
 * backwards from a goal. The page has no file and no update button.
 */
import { formatDayInWords } from '@cc/contracts/dates';
import { isIsoDate } from '@cc/contracts/periods';
import { sectionsFor, type GuideSection } from '../../career-folders';
import type { ChatPage, PlanningMilestoneFact, PlanningTodoFact } from '../../types';
import { asking, counted, countWord, quoted, quotedList, type Chat, type PageCoach } from './page-coach';

type PlanningPage = Extract<ChatPage, { kind: 'planning' }>;

export const ACTIONS_OFFER = `Say "remind me to … by Friday" and I'll add the todo, or ask me to plan backwards from a goal and its date.`;

const ABOUT_THE_PLAN =
  /\b(focus|priorit\w*|plate|overdue|due|todos?|milestones?|this week|what('s| is) (next|open|left)|where (do|should) i start|my (list|plan|week))\b/i;

const dayOfTodo = (t: PlanningTodoFact) => (t.due_date && isIsoDate(t.due_date) ? t.due_date : undefined);
const dayOfMilestone = (m: PlanningMilestoneFact) => (m.target_date && isIsoDate(m.target_date) ? m.target_date : undefined);

/** Words that tell one todo from another ("promotion", "case"), not "the" or "with". */
const SMALL = new Set('a an and the to of for on in at by with my your our me i we it is be do get about next week what should'.split(' '));
const keyWords = (text: string): Set<string> =>
  new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => w.length > 2 && !SMALL.has(w)).map((w) => w.replace(/s$/, '')));

/** How many of a title's words the conversation used: the todo the user is talking about. */
const sharedWords = (title: string, said: Set<string>): number => [...keyWords(title)].filter((w) => said.has(w)).length;

/**
 * "You have two open todos: one overdue ("…")." When the reply goes on to ask about the overdue
 * one by its title, the line leaves it to the question (a title said twice in one reply is a
 * list read out), and names instead the todo coming up that the user talks about, or the next due.
 */
function todosLine(todos: PlanningTodoFact[], today: string, { overdueAsked = false, said = new Set<string>() } = {}): string | undefined {
  if (!todos.length) return undefined;
  const overdue = todos.filter((t) => (dayOfTodo(t) ?? today) < today);
  const dueToday = todos.filter((t) => dayOfTodo(t) === today);
  const have = `You have ${counted(todos.length, 'open todo')}`;
  const parts = [
    overdue.length && !overdueAsked ? `${countWord(overdue.length)} overdue (${quotedList(overdue.map((t) => t.title))})` : '',
    dueToday.length ? `${countWord(dueToday.length)} due today (${quotedList(dueToday.map((t) => t.title))})` : '',
  ].filter(Boolean);
  if (parts.length) return `${have}: ${parts.join(' and ')}.`;
  const ahead = todos.filter((t) => dayOfTodo(t) && dayOfTodo(t)! >= today);
  const next = ahead.sort(
    (a, b) => sharedWords(b.title, said) - sharedWords(a.title, said) || dayOfTodo(a)!.localeCompare(dayOfTodo(b)!),
  )[0];
  return next ? `${have}; ${quoted(next.title)} is due ${formatDayInWords(dayOfTodo(next)!, today)}.` : `${have}.`;
}

const nextMilestone = (milestones: PlanningMilestoneFact[], today: string) =>
  milestones.filter((m) => (dayOfMilestone(m) ?? '') >= today).sort((a, b) => dayOfMilestone(a)!.localeCompare(dayOfMilestone(b)!))[0];

function milestoneLine(milestones: PlanningMilestoneFact[], today: string): string | undefined {
  const next = nextMilestone(milestones, today);
  return next ? `Your next milestone is ${quoted(next.title)} on ${formatDayInWords(dayOfMilestone(next)!, today)}.` : undefined;
}

/** "This week's plan has four actions, one of them done." from the week's markdown list. */
function weekLine(week: PlanningPage['week']): string | undefined {
  if (!week) return undefined;
  const items = week.actions.split('\n').filter((l) => /^\s*(?:[-*+]|\d+[.)])\s+\S/.test(l));
  if (!items.length) return "This week's plan has no actions yet.";
  const done = items.filter((l) => /^\s*(?:[-*+]|\d+[.)])\s+\[[xX]\]/.test(l)).length;
  return `This week's plan has ${counted(items.length, 'action')}${done ? `, ${countWord(done)} of them done` : ''}.`;
}

export function planningCoach(chat: Chat, page: PlanningPage): PageCoach {
  const { today } = chat;
  const overdue = page.todos.find((t) => (dayOfTodo(t) ?? today) < today);
  const milestone = nextMilestone(page.milestones, today);
  // The page's own facts make the guide's questions concrete (their titles are the user's words, quoted).
  const sections = asking(sectionsFor('planning'), (s) => {
    if (s.heading === 'Priorities' && overdue)
      return `${quoted(overdue.title)} is overdue: is it still a priority, and when will you do it?`;
    if (s.heading === 'Deadlines' && milestone) {
      return `What has to be done before ${quoted(milestone.title)} on ${formatDayInWords(dayOfMilestone(milestone)!, today)}, and what depends on it?`;
    }
    return undefined;
  });
  const priorities = sections.find((s) => s.heading === 'Priorities');
  const said = keyWords(
    chat.conversation
      .filter((m) => m.role === 'user')
      .map((m) => m.content)
      .join(' '),
  );
  const lineFor = (covered: Set<GuideSection>) => {
    const overdueAsked = Boolean(overdue && priorities && !covered.has(priorities));
    const todos = todosLine(page.todos, today, { overdueAsked, said });
    const lines = [todos, milestoneLine(page.milestones, today), weekLine(page.week)].filter(Boolean);
    return lines.length ? lines.join(' ') : undefined;
  };
  const acts = chat.input.mode === 'agent';
  return {
    sections,
    filled: [],
    read: (covered) => {
      const line = lineFor(covered);
      // The key is the same whichever todo the line names: "read out before" means the todos were.
      return line ? { line, key: 'You have ' } : {};
    },
    aboutThePage: ABOUT_THE_PLAN,
    closing: 'Which one thing will you do first, and when?',
    namesHeadings: false,
    // Offered once, after the first message, where it can act.
    offer: (facts) => (acts && !chat.said(ACTIONS_OFFER) && (chat.turn > 0 || facts.length) ? ACTIONS_OFFER : undefined),
    updateReply: () =>
      acts
        ? `I can't change your todos and milestones directly, but I can add a todo or plan backwards from a goal: say "remind me to … by Friday".`
        : "I can't change your todos and milestones from here; you can edit them on this page.",
  };
}
