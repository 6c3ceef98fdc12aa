import { DEFAULT_TAB, QUESTIONNAIRE_TABS, QUESTIONNAIRE_TYPES, type QuestionnaireType } from '@cc/contracts/coaching-rules';

/** Where the last active tab is kept (docs/coaching.md#tabs: remembered locally). */
export const ACTIVE_TAB_KEY = 'coachingActiveTab';
export const INFORMATION_TAB = 'information-gathering';

export interface CoachingTab {
  id: string;
  label: string;
  /** The questionnaire of a check-in tab; none for information gathering. */
  type?: QuestionnaireType;
}

const LABELS: Record<QuestionnaireType, string> = {
  onboarding: 'Onboarding',
  start_of_day: 'Start of day',
  end_of_day: 'End of day',
  start_of_week: 'Start of week',
  end_of_week: 'End of week',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  semester: 'Semester',
};

/** The tabs of docs/coaching.md#tabs, in that order. */
export const COACHING_TABS: readonly CoachingTab[] = [
  { id: INFORMATION_TAB, label: 'Information gathering' },
  ...QUESTIONNAIRE_TYPES.map((type) => ({ id: QUESTIONNAIRE_TABS[type], label: LABELS[type], type })),
];

/** A stored tab that is no longer one falls back to the default. */
export function parseTab(stored: unknown): string | undefined {
  return typeof stored === 'string' && COACHING_TABS.some((t) => t.id === stored) ? stored : undefined;
}

export { DEFAULT_TAB };
