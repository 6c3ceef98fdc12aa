import { api } from '@cc/client';
import { routeQuery } from '@cc/client/query';
import { queryOptions } from '@tanstack/react-query';
import { shareListBy } from '../../shared/keepUnchanged';

export interface MilestoneForm {
  title: string;
  target_date: string;
  description: string;
  milestone_type: string;
}

/** `GET /planning/milestones` (by target date, each with its progress); unchanged ones kept as they were. */
export const milestonesQuery = () =>
  queryOptions({ ...routeQuery('GET /planning/milestones', undefined, { client: api }), structuralSharing: shareListBy('milestones') });

/** `POST /planning/milestones {milestone{title, target_date, description, milestone_type}}` */
export const createMilestone = (milestone: MilestoneForm) => api.call('POST /planning/milestones', { body: { milestone } });

/** `PATCH /planning/milestones/{id}` (same body). */
export const updateMilestone = (id: number, milestone: MilestoneForm) =>
  api.call('PATCH /planning/milestones/{id}', { params: { id }, body: { milestone } });

/** `DELETE /planning/milestones/{id}`: its todos stay, unlinked. */
export const deleteMilestone = (id: number) => api.call('DELETE /planning/milestones/{id}', { params: { id } });

/** `PATCH /planning/milestones/{id}/toggle_completed` */
export const toggleMilestone = (id: number) => api.call('PATCH /planning/milestones/{id}/toggle_completed', { params: { id } });
