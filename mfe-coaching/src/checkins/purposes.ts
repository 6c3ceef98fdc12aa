import type { QuestionnaireType } from '@cc/contracts/coaching-rules';

/** What each check-in is for: the purpose shown on every visit to its tab (docs/coaching.md#check-ins). */
export const CHECKIN_PURPOSES: Record<QuestionnaireType, { title: string; text: string }> = {
  onboarding: {
    title: 'Getting to know you',
    text: 'Answer these once. They tell your coach about your role, your goals and how you like to work, so every later check-in starts from what matters to you.',
  },
  start_of_day: {
    title: 'Start of day',
    text: 'Five minutes before the day takes over: name what matters most today, what could get in the way, and how you want to show up.',
  },
  end_of_day: {
    title: 'End of day',
    text: 'Close the day on purpose: what got done, what you learned, and what you will carry into tomorrow.',
  },
  start_of_week: {
    title: 'Start of week',
    text: 'Set the week up: the outcomes that would make it a good week, the people you need, and the time you will protect.',
  },
  end_of_week: {
    title: 'End of week',
    text: 'Look back at the week: progress on your outcomes, what drained or energised you, and what to change next week.',
  },
  monthly: {
    title: 'Monthly review',
    text: 'Step back from the weeks: are you moving towards your goals, what patterns do you see, and what will you do differently next month?',
  },
  quarterly: {
    title: 'Quarterly review',
    text: 'Take stock of the quarter: results against your goals, growth in your skills and relationships, and the bets for the next three months.',
  },
  semester: {
    title: 'Half-year review',
    text: 'A half-year view of your career: where you are against where you wanted to be, what you are proud of, and the direction for the next six months.',
  },
};
