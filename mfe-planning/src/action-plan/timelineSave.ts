import type { QueryClient } from '@tanstack/react-query';
import type { CallAnswer } from '@cc/client';
import type { TimelineItem } from '@cc/contracts/planning';
import { staleSaveOf } from '@cc/ui/stale-save';
import { currentPlanQuery, saveTimelineItem, timelineItemsQuery } from './api/actionPlan';

/** The 409 of a stale week save: what the week holds now. */
export const staleWeek = (error: unknown) => staleSaveOf(error);

/**
 * A saved week goes into the cached weeks too, so the tab opened again shows it at once (before
 * its weeks are read again), and on its new revision. Only while its plan is the current one.
 */
function remember(client: QueryClient, planId: number, item: TimelineItem): void {
  if (client.getQueryData(currentPlanQuery().queryKey)?.plan?.id !== planId) return;
  client.setQueryData<CallAnswer<'GET /coaching/timeline_items'>>(timelineItemsQuery().queryKey, (answer) => {
    if (!answer) return answer;
    const known = answer.items.some((i) => i.period_key === item.period_key);
    return { ...answer, items: known ? answer.items.map((i) => (i.period_key === item.period_key ? item : i)) : [...answer.items, item] };
  });
}

/** Saves a week's actions on the revision they are based on; resolves with the new revision. */
export async function saveWeek(
  client: QueryClient,
  planId: number,
  key: string,
  content: string,
  revision: number | undefined,
  saveId: string,
  keepalive: boolean,
): Promise<number> {
  const answer = await saveTimelineItem(key, content, { revision, saveId }, { keepalive });
  remember(client, planId, answer.item);
  return answer.item.revision;
}
