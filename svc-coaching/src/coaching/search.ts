import { checkinAddress, informationPlanAddress } from '@cc/contracts/addresses';
import { COACHING_MESSAGES, QUESTIONNAIRE_PERIOD, type QuestionnaireType } from '@cc/contracts/coaching-rules';
import { periodLabel, shortDay } from '@cc/contracts/periods';
import type { SearchGroup, SearchKind } from '@cc/contracts/search';
import { iso } from '@cc/service-kit';
import type { Db } from '@cc/service-kit';
import { EMBEDDED_CHARS, searchGroup, type EmbeddedKind, type Hit, type KindAsk, type KindSearch, type QueryMeaning } from '../search-sql';
import { T } from './tables';

/**
 * Coaching's part of `GET /coaching/search` (docs/search.md#coaching): check-in answers (the
 * user's notes and what they said in the question's chat; the AI summary counts as generated)
 * and information-gathering plans, current and archived (the user's prompt; the plan the coach
 * wrote counts as generated). With EMBEDDINGS_MODEL, also by meaning over what
 * COACHING_EMBEDDED embeds (search-vectors.ts).
 */

export const COACHING_SEARCH_KINDS = ['checkin', 'plan'] as const satisfies readonly SearchKind[];
type CoachingKind = (typeof COACHING_SEARCH_KINDS)[number];

interface CheckinRow {
  question_id: number;
  period_key: string;
  question_text: string;
  questionnaire_type: QuestionnaireType;
}
interface PlanRow {
  archived_at: Date | null;
}

// The chat's automatic first message is the question, not the user's answer (the index leaves it out too).
const OPENER = COACHING_MESSAGES.reflectingOn('').replace(/'/g, "''");
/** What the user said in a check-in's chat, over its `messages` column. */
const saidSql = (messages: string) => `(select string_agg(m->>'content', E'\\n') from jsonb_array_elements(${messages}) m
                where m->>'role' = 'user' and m->>'content' not like '${OPENER}%')`;
const SAID = saidSql('hit.messages');

export const PLAN_TITLE = 'Information-gathering plan';
/** Labels in the product's wording ("Monday, 2 March 2026"), whatever the host's locale. */
const LABEL_LOCALE = 'en-GB';

// Each kind's rows are its own; the record holds them side by side (a hit's row is read only by its kind's result).
const SEARCHES: Record<CoachingKind, KindSearch<never>> = {
  checkin: {
    kind: 'checkin',
    sql: {
      from: `${T.question_conversations} as t
             join ${T.questionnaire_questions} as qq on qq.id = t.question_id
             join ${T.questionnaire_sections} as s on s.id = qq.section_id`,
      columns: 't.question_id, t.period_key, t.content, t.messages, t.content_summary, qq.question_text, s.questionnaire_type',
      hasGenerated: true,
      texts: [{ sql: 'hit.content' }, { sql: SAID }, { sql: 'hit.content_summary', generated: true }],
      objectId: `t.question_id::text || ':' || t.period_key`,
    },
    result: ({ row, generated, snippet, highlights }: Hit<CheckinRow>) => {
      const once = QUESTIONNAIRE_PERIOD[row.questionnaire_type] === 'once';
      return {
        kind: 'checkin',
        // One answer per question and period.
        id: `${row.question_id}:${row.period_key}`,
        title: once ? row.question_text : `${row.question_text} · ${periodLabel(row.period_key, LABEL_LOCALE)}`,
        snippet,
        highlights,
        // With its period even when answered once (`onboarding`), as the question chat names it to leave it out of its passages.
        url: checkinAddress(row.questionnaire_type, row.period_key, row.question_id),
        updated_at: iso(row.updated_at),
        generated,
      };
    },
  },

  plan: {
    kind: 'plan',
    sql: {
      from: `${T.coaching_plans} as t`,
      columns: 't.prompt, t.response, t.archived_at',
      // A plan is written once: its creation is its last change.
      updatedAt: 't.created_at',
      hasGenerated: true,
      texts: [{ sql: 'hit.prompt' }, { sql: 'hit.response', generated: true }],
      objectId: 't.id::text',
    },
    result: ({ row, generated, snippet, highlights }: Hit<PlanRow>) => {
      const archived = row.archived_at ? iso(row.archived_at).slice(0, 10) : null;
      return {
        kind: 'plan',
        id: String(row.row_id),
        title: archived ? `${PLAN_TITLE}, archived ${shortDay(archived, LABEL_LOCALE)} ${archived.slice(0, 4)}` : PLAN_TITLE,
        snippet,
        highlights,
        url: informationPlanAddress(archived ? row.row_id : undefined),
        updated_at: iso(row.updated_at),
        generated,
      };
    },
  },
};

const BLANK = `E' \\t\\r\\n'`;

/**
 * What coaching embeds (search-vectors.ts): a check-in answer's notes, then what the user said
 * in its chat (not the question, the same for every period, which would make every answer to
 * it alike; not the AI summary); a plan's prompt (not the plan the coach wrote).
 */
export const COACHING_EMBEDDED: EmbeddedKind[] = [
  {
    kind: 'checkin',
    from: `${T.question_conversations} as t`,
    objectId: `t.question_id::text || ':' || t.period_key`,
    text: `left(btrim(t.content || E'\\n\\n' || coalesce(${saidSql('t.messages')}, ''), ${BLANK}), ${EMBEDDED_CHARS})`,
  },
  {
    kind: 'plan',
    from: `${T.coaching_plans} as t`,
    objectId: 't.id::text',
    text: `left(btrim(t.prompt, ${BLANK}), ${EMBEDDED_CHARS})`,
  },
];

/** The groups of the coaching kinds asked for, in the order asked; with `meaning`, each fused with the nearest vectors. */
export function searchCoaching(
  db: Db,
  ask: KindAsk,
  kinds: readonly SearchKind[],
  meaning?: Promise<QueryMeaning | null>,
): Promise<SearchGroup>[] {
  return COACHING_SEARCH_KINDS.filter((k) => kinds.includes(k)).map((k) => searchGroup(db, ask, SEARCHES[k], meaning));
}
