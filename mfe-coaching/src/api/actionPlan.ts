import { api } from '@cc/client';
import type { GeneratedWeekAnswer } from '@cc/contracts/planning';

/** `POST /coaching/generate_action_plan {prompt, period_key, period_type:'week'}`: planning's call, one implementation. */
export function generateWeekPlan(prompt: string, periodKey: string, signal?: AbortSignal): Promise<GeneratedWeekAnswer> {
  return api.post<GeneratedWeekAnswer>(
    '/coaching/generate_action_plan',
    { prompt, period_key: periodKey, period_type: 'week' },
    { signal },
  );
}
