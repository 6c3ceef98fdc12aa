import { QUESTIONNAIRE_TYPES, type QuestionnaireType } from '@cc/contracts';
import { toInt, type Db } from '@cc/service-kit';
import type { CsvQuestion } from './csv-rows';
import { T } from './tables';

export interface CsvImport {
  types: QuestionnaireType[];
  sections: number;
  created: { sections: number; questions: number };
  updated: { sections: number; questions: number };
}

/**
 * Imports checked rows in one transaction. Sections are found again by questionnaire and title,
 * questions by section and title (case-insensitive), so importing the same file twice adds
 * nothing: what exists is updated only where the file says something else.
 */
export async function importQuestions(db: Db, questions: CsvQuestion[]): Promise<CsvImport> {
  const created = { sections: 0, questions: 0 };
  const updated = { sections: 0, questions: 0 };
  const sectionIds = new Map<string, number>();
  await db.transaction(async (trx) => {
    for (const q of questions) {
      const sectionKey = `${q.type}\u0001${q.sectionTitle.toLowerCase()}`;
      let sectionId = sectionIds.get(sectionKey);
      if (sectionId === undefined) {
        const existing = (await trx(T.questionnaire_sections)
          .where({ questionnaire_type: q.type })
          .whereRaw('lower(title) = lower(?)', [q.sectionTitle])
          .forUpdate()
          .first('id', 'description')) as { id: number; description: string } | undefined;
        if (existing) {
          sectionId = existing.id;
          if (q.sectionDescription && q.sectionDescription !== existing.description) {
            await trx(T.questionnaire_sections)
              .where({ id: sectionId })
              .update({ description: q.sectionDescription, updated_at: trx.fn.now() });
            updated.sections++;
          }
        } else {
          const [{ count }] = (await trx(T.questionnaire_sections).where({ questionnaire_type: q.type }).count({ count: '*' })) as [
            { count: string },
          ];
          const [row] = (await trx(T.questionnaire_sections)
            .insert({ questionnaire_type: q.type, title: q.sectionTitle, description: q.sectionDescription, position: toInt(count) + 1 })
            .returning('id')) as { id: number }[];
          sectionId = row!.id;
          created.sections++;
        }
        sectionIds.set(sectionKey, sectionId);
      }

      const existing = (await trx(T.questionnaire_questions)
        .where({ section_id: sectionId })
        .whereRaw('lower(title) = lower(?)', [q.title])
        .forUpdate()
        .first('id', 'question_text', 'prompt', 'position')) as
        { id: number; question_text: string; prompt: string; position: number } | undefined;
      if (existing) {
        const position = q.position ?? existing.position;
        if (existing.question_text !== q.text || existing.prompt !== q.prompt || existing.position !== position) {
          await trx(T.questionnaire_questions)
            .where({ id: existing.id })
            .update({ question_text: q.text, prompt: q.prompt, position, updated_at: trx.fn.now() });
          updated.questions++;
        }
      } else {
        const [{ count }] = (await trx(T.questionnaire_questions).where({ section_id: sectionId }).count({ count: '*' })) as [
          { count: string },
        ];
        await trx(T.questionnaire_questions).insert({
          section_id: sectionId,
          title: q.title,
          question_text: q.text,
          prompt: q.prompt,
          position: q.position ?? toInt(count) + 1,
        });
        created.questions++;
      }
    }
  });
  const present = new Set(questions.map((q) => q.type));
  return { types: QUESTIONNAIRE_TYPES.filter((t) => present.has(t)), sections: sectionIds.size, created, updated };
}
