import type { PlanningTab } from '../planning/tabs';

const GREETINGS: Partial<Record<PlanningTab, string>> = {
  milestones_view: 'Which goal are you working towards? I can plan backwards from its date into milestones and todos.',
  action_plan: 'Tell me what this week should move forward, and I can turn it into todos or a workback plan.',
};
const DEFAULT_GREETING =
  'What do you need to get done? I can add todos ("remind me to send the deck by Friday") or plan backwards from a goal.';

/** The assistant's first line on each tab (when its conversation is empty). */
export const chatGreeting = (tab: PlanningTab) => GREETINGS[tab] ?? DEFAULT_GREETING;
