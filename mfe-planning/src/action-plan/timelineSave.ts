import { staleSaveOf } from '@cc/ui/stale-save';
import { saveTimelineItem } from '../api/actionPlan';

/** The 409 of a stale week save: what the week holds now. */
export const staleWeek = (error: unknown) => staleSaveOf(error);

/** Saves a week's actions on the revision they are based on; resolves with the new revision. */
export async function saveWeek(key: string, content: string, revision: number | undefined, saveId: string, keepalive: boolean) {
  const answer = await saveTimelineItem(key, content, { revision, saveId }, { keepalive });
  return answer.item.revision;
}
