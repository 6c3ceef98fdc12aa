import { api } from '@cc/client';
import type { ArchivedCoachingPlansAnswer, InformationGatheringAnswer, SubmitCoachingPlanAnswer } from '@cc/contracts/coaching';

/** `GET /coaching/information_gathering_prompt` → prompt, has_existing_plan, existing_plan */
export function fetchInformationPrompt(signal?: AbortSignal): Promise<InformationGatheringAnswer> {
  return api.get<InformationGatheringAnswer>('/coaching/information_gathering_prompt', { signal });
}

/** `POST /coaching/submit_coaching_plan {prompt}` → response, created_at (the previous plan is archived). */
export function submitCoachingPlan(prompt: string): Promise<SubmitCoachingPlanAnswer> {
  return api.post<SubmitCoachingPlanAnswer>('/coaching/submit_coaching_plan', { prompt });
}

/** `GET /coaching/archived_plans` → plans, newest first */
export function fetchArchivedPlans(signal?: AbortSignal): Promise<ArchivedCoachingPlansAnswer> {
  return api.get<ArchivedCoachingPlansAnswer>('/coaching/archived_plans', { signal });
}
