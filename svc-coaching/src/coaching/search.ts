import { checkinAddress, informationPlanAddress } from '@cc/contracts/addresses';
import { COACHING_MESSAGES, QUESTIONNAIRE_PERIOD, type QuestionnaireType } from '@cc/contracts/coaching-rules';
import { periodLabel, shortDay } from '@cc/contracts/periods';
import type { SearchGroup, SearchKind } from '@cc/contracts/search';
import { iso } from '@cc/service-kit';
import type { Db } from '@cc/service-kit';
import { searchKind, type KindAsk } from '../search-sql';
import { T } from './tables';

/**
 * Coaching's part of `GET /coaching/search` (docs/search.md#coaching): check-in answers (the
 * user's notes and what they said in the question's chat; the AI summary counts as generated)
 * and information-gathering plans, current and archived (the user's prompt; the plan the coach
 * wrote counts as generated).
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
const SAID = `(select string_agg(m->>'content', E'\\n') from jsonb_array_elements(hit.messages) m
                where m->>'role' = 'user' and m->>'content' not like '${OPENER}%')`;

export const PLAN_TITLE = 'Information-gathering plan';
/** Labels in the product's wording ("Monday, 2 March 2026"), whatever the host's locale. */
const LABEL_LOCALE = 'en-GB';

const SEARCHES: Record<CoachingKind, (db: Db, ask: KindAsk) => Promise<SearchGroup>> = {
  async checkin(db, ask) {
    const { total, hits } = await searchKind<CheckinRow>(db, ask, {
      from: `${T.question_conversations} as t
             join ${T.questionnaire_questions} as qq on qq.id = t.question_id
             join ${T.questionnaire_sections} as s on s.id = qq.section_id`,
      columns: 't.question_id, t.period_key, t.content, t.messages, t.content_summary, qq.question_text, s.questionnaire_type',
      hasGenerated: true,
      texts: [{ sql: 'hit.content' }, { sql: SAID }, { sql: 'hit.content_summary', generated: true }],
    });
    return {
      kind: 'checkin',
      total,
      results: hits.map(({ row, generated, snippet, highlights }) => {
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
      }),
    };
  },

  async plan(db, ask) {
    const { total, hits } = await searchKind<PlanRow>(db, ask, {
      from: `${T.coaching_plans} as t`,
      columns: 't.prompt, t.response, t.archived_at',
      // A plan is written once: its creation is its last change.
      updatedAt: 't.created_at',
      hasGenerated: true,
      texts: [{ sql: 'hit.prompt' }, { sql: 'hit.response', generated: true }],
    });
    return {
      kind: 'plan',
      total,
      results: hits.map(({ row, generated, snippet, highlights }) => {
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
      }),
    };
  },
};

/** The groups of the coaching kinds asked for, in the order asked. */
export function searchCoaching(db: Db, ask: KindAsk, kinds: readonly SearchKind[]): Promise<SearchGroup>[] {
  return COACHING_SEARCH_KINDS.filter((k) => kinds.includes(k)).map((k) => SEARCHES[k](db, ask));
}
