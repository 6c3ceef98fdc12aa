import { z } from 'zod';
import { dateOfDay, milestoneSchema, periodKey, PLANNING_CHAT, timelineItemSchema, todoSchema } from '@cc/contracts';
import type { ChatPage, PlanningMilestoneFact, PlanningTodoFact, PlanningWeekFact } from '@cc/ai';
import { clip, readFact, type FactReads } from './reads';

type PlanningPage = Extract<ChatPage, { kind: 'planning' }>;

/** Bounds of what the planning page hands the coach (docs/chat.md#what-each-chat-reads). */
export const PLANNING_FACTS = {
  /** Todos asked for: the list answers the open ones first, by due date. */
  todosRead: 50,
  todos: 20,
  milestones: 10,
  titleChars: 200,
  descriptionChars: 300,
  tags: 5,
  tagChars: 50,
  weekChars: 2000,
} as const;

// The contract's schemas, narrowed to what the coach reads.
const todosAnswer = z.object({
  success: z.literal(true),
  todos: z.array(todoSchema.pick({ title: true, due_date: true, description: true, tags: true, completed: true })),
});
const milestonesAnswer = z.object({
  success: z.literal(true),
  milestones: z.array(milestoneSchema.pick({ title: true, target_date: true, milestone_type: true, completed: true })),
});
const timelineAnswer = z.object({
  success: z.literal(true),
  items: z.array(timelineItemSchema.pick({ period_key: true, content: true, outcomes: true })),
});

/** The planning tab a chat file names (`all_todos.md` → all_todos); the conversation's own file names none. */
export function planningTab(fileName: string): string | undefined {
  const tab = fileName.replace(/\.md$/, '');
  return tab && tab !== PLANNING_CHAT.conversationFile.replace(/\.md$/, '') ? tab : undefined;
}

/**
 * What the planning page knows, from svc-coaching in one round: the open todos (soonest due
 * first), the open milestones (soonest first) and the action plan's week that holds `today`.
 * A failed read leaves that list empty or the week out.
 */
export async function planningPage(reads: FactReads, fileName: string, today: string): Promise<PlanningPage> {
  const [todos, milestones, timeline] = await Promise.all([
    readFact(reads, reads.coaching, `/planning/todos?limit=${PLANNING_FACTS.todosRead}`, todosAnswer, 'todos'),
    readFact(reads, reads.coaching, '/planning/milestones', milestonesAnswer, 'milestones'),
    readFact(reads, reads.coaching, '/coaching/timeline_items', timelineAnswer, 'week'),
  ]);
  const weekKey = periodKey('week', dateOfDay(today) ?? new Date());
  const item = timeline?.items.find((i) => i.period_key === weekKey);
  const week: PlanningWeekFact | undefined =
    item && (item.content.trim() || item.outcomes.trim())
      ? {
          period_key: weekKey,
          actions: clip(item.content, PLANNING_FACTS.weekChars),
          outcomes: clip(item.outcomes, PLANNING_FACTS.weekChars),
        }
      : undefined;
  const tab = planningTab(fileName);
  return {
    kind: 'planning',
    ...(tab ? { tab } : {}),
    todos: (todos?.todos ?? [])
      .filter((t) => !t.completed)
      .slice(0, PLANNING_FACTS.todos)
      .map((t): PlanningTodoFact => ({
        title: clip(t.title, PLANNING_FACTS.titleChars),
        due_date: t.due_date,
        ...(t.description.trim() ? { description: clip(t.description, PLANNING_FACTS.descriptionChars) } : {}),
        ...(t.tags.length ? { tags: t.tags.slice(0, PLANNING_FACTS.tags).map((tag) => clip(tag, PLANNING_FACTS.tagChars)) } : {}),
      })),
    milestones: (milestones?.milestones ?? [])
      .filter((m) => !m.completed)
      .sort((a, b) => a.target_date.localeCompare(b.target_date))
      .slice(0, PLANNING_FACTS.milestones)
      .map((m): PlanningMilestoneFact => ({
        title: clip(m.title, PLANNING_FACTS.titleChars),
        target_date: m.target_date,
        ...(m.milestone_type ? { milestone_type: clip(m.milestone_type, PLANNING_FACTS.tagChars) } : {}),
      })),
    ...(week ? { week } : {}),
  };
}
