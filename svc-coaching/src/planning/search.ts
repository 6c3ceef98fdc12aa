import { actionPlanWeekAddress, milestoneAddress, todoAddress } from '@cc/contracts/addresses';
import { weekLabel } from '@cc/contracts/periods';
import type { SearchGroup, SearchKind } from '@cc/contracts/search';
import { iso } from '@cc/service-kit';
import type { Db } from '@cc/service-kit';
import { searchKind, type KindAsk, type KindSql } from '../search-sql';
import { T } from './tables';

/**
 * Planning's part of `GET /coaching/search` (docs/search.md#coaching): todos and milestones
 * (title, then description; a title also with one typo) and the weeks of the current action
 * plan (the actions the user keeps; the model's outcomes count as generated). An archived
 * plan's weeks are not searched: a week's address opens the current plan only.
 */

export const PLANNING_SEARCH_KINDS = ['todo', 'milestone', 'week'] as const satisfies readonly SearchKind[];
type PlanningKind = (typeof PLANNING_SEARCH_KINDS)[number];

interface TitledRow {
  title: string;
  description: string;
}
interface WeekRow {
  period_key: string;
}

const titled = (table: string): KindSql => ({
  from: `${table} as t`,
  columns: 't.title, t.description',
  texts: [{ sql: 'hit.description' }, { sql: 'hit.title' }],
  title: 't.title',
});

const SEARCHES: Record<PlanningKind, (db: Db, ask: KindAsk) => Promise<SearchGroup>> = {
  async todo(db, ask) {
    const { total, hits } = await searchKind<TitledRow>(db, ask, titled(T.todos));
    return {
      kind: 'todo',
      total,
      results: hits.map(({ row, generated, snippet, highlights }) => ({
        kind: 'todo',
        id: String(row.row_id),
        title: row.title,
        snippet,
        highlights,
        url: todoAddress(row.row_id),
        updated_at: iso(row.updated_at),
        generated,
      })),
    };
  },

  async milestone(db, ask) {
    const { total, hits } = await searchKind<TitledRow>(db, ask, titled(T.milestones));
    return {
      kind: 'milestone',
      total,
      results: hits.map(({ row, generated, snippet, highlights }) => ({
        kind: 'milestone',
        id: String(row.row_id),
        title: row.title,
        snippet,
        highlights,
        url: milestoneAddress(row.row_id),
        updated_at: iso(row.updated_at),
        generated,
      })),
    };
  },

  async week(db, ask) {
    const { total, hits } = await searchKind<WeekRow>(db, ask, {
      from: `${T.timeline_items} as t`,
      // The current plan only (one per user: its partial unique index answers this).
      where: {
        sql: `t.period_type = 'week' and t.plan_id = (select p.id from ${T.action_plans} p where p.user_id = ? and p.archived_at is null)`,
        bindings: [ask.userId],
      },
      columns: 't.period_key, t.content, t.outcomes',
      hasGenerated: true,
      texts: [{ sql: 'hit.content' }, { sql: 'hit.outcomes', generated: true }],
    });
    return {
      kind: 'week',
      total,
      results: hits.map(({ row, generated, snippet, highlights }) => ({
        kind: 'week',
        id: row.period_key,
        title: weekLabel(row.period_key),
        snippet,
        highlights,
        url: actionPlanWeekAddress(row.period_key),
        updated_at: iso(row.updated_at),
        generated,
      })),
    };
  },
};

/** The groups of the planning kinds asked for, in the order asked. */
export function searchPlanning(db: Db, ask: KindAsk, kinds: readonly SearchKind[]): Promise<SearchGroup>[] {
  return PLANNING_SEARCH_KINDS.filter((k) => kinds.includes(k)).map((k) => SEARCHES[k](db, ask));
}
