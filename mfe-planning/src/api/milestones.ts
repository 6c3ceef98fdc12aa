import { api } from '@cc/client';
import type { MilestonesAnswer, MilestoneWriteAnswer } from '@cc/contracts/planning';

export interface MilestoneForm {
  title: string;
  target_date: string;
  description: string;
  milestone_type: string;
}

const milestonePath = (id: number) => `/planning/milestones/${id}`;

/** `GET /planning/milestones` (by target date, each with its progress). */
export function fetchMilestones(signal?: AbortSignal): Promise<MilestonesAnswer> {
  return api.get<MilestonesAnswer>('/planning/milestones', { signal });
}

/** `POST /planning/milestones {milestone{title, target_date, description, milestone_type}}` */
export function createMilestone(milestone: MilestoneForm): Promise<MilestoneWriteAnswer> {
  return api.post<MilestoneWriteAnswer>('/planning/milestones', { milestone });
}

/** `PATCH /planning/milestones/{id}` (same body). */
export function updateMilestone(id: number, milestone: MilestoneForm): Promise<MilestoneWriteAnswer> {
  return api.patch<MilestoneWriteAnswer>(milestonePath(id), { milestone });
}

/** `DELETE /planning/milestones/{id}`: its todos stay, unlinked. */
export function deleteMilestone(id: number): Promise<unknown> {
  return api.delete(milestonePath(id));
}

/** `PATCH /planning/milestones/{id}/toggle_completed` */
export function toggleMilestone(id: number): Promise<MilestoneWriteAnswer> {
  return api.patch<MilestoneWriteAnswer>(`${milestonePath(id)}/toggle_completed`);
}
