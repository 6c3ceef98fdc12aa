import { actionPlanWeekAddress, milestoneAddress, todoAddress } from '@cc/contracts/addresses';
import { weekLabel } from '@cc/contracts/periods';
import type { SearchGroup, SearchKind } from '@cc/contracts/search';
import { iso } from '@cc/service-kit';
import type { Db } from '@cc/service-kit';
import {
  EMBEDDED_CHARS,
  searchGroup,
  type EmbeddedKind,
  type Hit,
  type KindAsk,
  type KindSearch,
  type KindSql,
  type QueryMeaning,
} from '../search-sql';
import { T } from './tables';

/**
 * Planning's part of `GET /coaching/search` (docs/search.md#coaching): todos and milestones
 * (title, then description; a title also with one typo) and the weeks of the current action
 * plan (the actions the user keeps; the model's outcomes count as generated). An archived
 * plan's weeks are not searched: a week's address opens the current plan only. With
 * EMBEDDINGS_MODEL, also by meaning over what PLANNING_EMBEDDED embeds (search-vectors.ts).
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
  objectId: 't.id::text',
});

// Each kind's rows are its own; the record holds them side by side (a hit's row is read only by its kind's result).
const SEARCHES: Record<PlanningKind, (ask: KindAsk) => KindSearch<never>> = {
  todo: () => ({
    kind: 'todo',
    sql: titled(T.todos),
    result: ({ row, generated, snippet, highlights }: Hit<TitledRow>) => ({
      kind: 'todo',
      id: String(row.row_id),
      title: row.title,
      snippet,
      highlights,
      url: todoAddress(row.row_id),
      updated_at: iso(row.updated_at),
      generated,
    }),
  }),

  milestone: () => ({
    kind: 'milestone',
    sql: titled(T.milestones),
    result: ({ row, generated, snippet, highlights }: Hit<TitledRow>) => ({
      kind: 'milestone',
      id: String(row.row_id),
      title: row.title,
      snippet,
      highlights,
      url: milestoneAddress(row.row_id),
      updated_at: iso(row.updated_at),
      generated,
    }),
  }),

  week: (ask) => ({
    kind: 'week',
    sql: {
      from: `${T.timeline_items} as t`,
      // The current plan only (one per user: its partial unique index answers this).
      where: {
        sql: `t.period_type = 'week' and t.plan_id = (select p.id from ${T.action_plans} p where p.user_id = ? and p.archived_at is null)`,
        bindings: [ask.userId],
      },
      columns: 't.period_key, t.content, t.outcomes',
      hasGenerated: true,
      texts: [{ sql: 'hit.content' }, { sql: 'hit.outcomes', generated: true }],
      objectId: 't.period_key',
    },
    result: ({ row, generated, snippet, highlights }: Hit<WeekRow>) => ({
      kind: 'week',
      id: row.period_key,
      title: weekLabel(row.period_key),
      snippet,
      highlights,
      url: actionPlanWeekAddress(row.period_key),
      updated_at: iso(row.updated_at),
      generated,
    }),
  }),
};

const BLANK = `E' \\t\\r\\n'`;

/**
 * What planning embeds (search-vectors.ts): a todo's and a milestone's title, then the start of
 * its description; a week of the current plan, the start of the actions the user keeps (its
 * outcomes are the model's). A week's id is its ISO week: one per plan, and only the current plan's.
 */
export const PLANNING_EMBEDDED: EmbeddedKind[] = [
  ...(['todo', 'milestone'] as const).map((kind) => ({
    kind,
    from: `${kind === 'todo' ? T.todos : T.milestones} as t`,
    objectId: 't.id::text',
    text: `btrim(t.title || E'\\n\\n' || left(btrim(t.description, ${BLANK}), ${EMBEDDED_CHARS}), ${BLANK})`,
  })),
  {
    kind: 'week',
    from: `${T.timeline_items} as t`,
    objectId: 't.period_key',
    text: `left(btrim(t.content, ${BLANK}), ${EMBEDDED_CHARS})`,
    where: `t.period_type = 'week' and t.plan_id in (select p.id from ${T.action_plans} p where p.user_id = t.user_id and p.archived_at is null)`,
  },
];

/** The groups of the planning kinds asked for, in the order asked; with `meaning`, each fused with the nearest vectors. */
export function searchPlanning(
  db: Db,
  ask: KindAsk,
  kinds: readonly SearchKind[],
  meaning?: Promise<QueryMeaning | null>,
): Promise<SearchGroup>[] {
  return PLANNING_SEARCH_KINDS.filter((k) => kinds.includes(k)).map((k) => searchGroup(db, ask, SEARCHES[k](ask), meaning));
}
