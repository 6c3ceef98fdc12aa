/**
 * The data the FileWorkspace tests serve: files with three guarded texts each, the AI's
 * summaries, drafts and proposed edits in the order the test queues them.
 */
import type { ContractRoutes } from '@cc/ui/testing/contract-api';
import { guardedSave, staleAnswer, WorkspaceApi, type GuardedText } from './workspaceApi';

export interface FakeFile {
  id: number;
  name: string;
  folder: string;
  description: string;
  content: string;
  summary: string;
  goals: string;
  revision: number;
  summary_revision: number;
  goals_revision: number;
  /** The save id that wrote each text (svc-files names it in a 409). */
  save_ids: { content?: string | undefined; summary?: string | undefined; goals?: string | undefined };
}

type Guard = { revision?: number; save_id?: string };

export class FileWorkspaceApi extends WorkspaceApi {
  readonly files = new Map<number, FakeFile>();
  /** Answers of POST /ai_chat/suggest_edits, in order (none left: the model's 502). */
  readonly suggestions: unknown[] = [];
  /** POST /profile/generate_file_draft waits for the test when true (`answerDraft`). */
  holdDrafts = false;
  drafts: string[] = [];
  summaries: string[] = [];
  #held: ((draft: string) => void)[] = [];

  addFile(file: Partial<FakeFile> & { id: number }): FakeFile {
    const full: FakeFile = {
      name: 'Notes.md',
      folder: 'work-profile',
      description: '',
      content: '',
      summary: '',
      goals: '',
      revision: 1,
      summary_revision: 1,
      goals_revision: 1,
      save_ids: {},
      ...file,
    };
    this.files.set(full.id, full);
    return full;
  }

  answerDraft(draft: string): void {
    this.#held.shift()?.(draft);
  }

  serve(): this {
    return this.install(this.#routes());
  }

  #file(id: string) {
    return this.files.get(Number(id));
  }

  /** Saves one text of a file the way svc-files does: guarded, 409 with the current text when stale. */
  #save(file: FakeFile, key: 'content' | 'summary' | 'goals', text: string, guard: Guard, message: string) {
    const revisionKey = key === 'content' ? 'revision' : (`${key}_revision` as const);
    const current: GuardedText = { text: file[key], revision: file[revisionKey], saveId: file.save_ids[key] };
    const next = guardedSave(current, text, guard);
    if (next === 'stale') return staleAnswer(key, message, current);
    file[key] = next.text;
    file[revisionKey] = next.revision;
    file.save_ids[key] = next.saveId;
    return next.revision;
  }

  #routes(): ContractRoutes {
    const notFound = { status: 404, body: { success: false, errors: ['File not found.'] } };
    return {
      'GET /files/{id}': ({ params }) => {
        const file = this.#file(params.id!);
        if (!file) return notFound;
        const { save_ids: _ids, ...detail } = file;
        return { success: true, file: { ...detail, position: 0, updated_at: '2026-01-01T00:00:00.000Z' } };
      },
      'PATCH /files/{id}': ({ params, body }) => {
        const file = this.#file(params.id!);
        if (!file) return notFound;
        const { file: sent, ...top } = body as { file: { content: string } & Guard } & Guard;
        const guard = { revision: sent.revision ?? top.revision, save_id: sent.save_id ?? top.save_id };
        const saved = this.#save(file, 'content', sent.content, guard, 'This file was changed elsewhere (another tab or device).');
        return typeof saved === 'number' ? { success: true, errors: [], revision: saved } : saved;
      },
      'PATCH /files/{id}/summary': ({ params, body }) => {
        const file = this.#file(params.id!);
        if (!file) return notFound;
        const { summary, ...guard } = body as { summary: string } & Guard;
        const saved = this.#save(file, 'summary', summary, guard, 'The summary of this file changed elsewhere (another tab or device).');
        return typeof saved === 'number' ? { success: true, revision: saved } : saved;
      },
      'PATCH /files/{id}/goals': ({ params, body }) => {
        const file = this.#file(params.id!);
        if (!file) return notFound;
        const { goals, ...guard } = body as { goals: string } & Guard;
        const saved = this.#save(file, 'goals', goals, guard, 'The goals of this file changed elsewhere (another tab or device).');
        return typeof saved === 'number' ? { success: true, revision: saved } : saved;
      },
      'POST /files/summarize': ({ body }) => {
        const summary = this.summaries.shift() ?? 'A short summary.';
        const file = this.files.get(Number((body as { file_id?: number }).file_id));
        if (!file) return { success: true, summary };
        // Stored as a new revision of the summary, written by no save of the page.
        if (file.summary !== summary) Object.assign(file, { summary, summary_revision: file.summary_revision + 1 });
        file.save_ids.summary = undefined;
        return { success: true, summary, summary_revision: file.summary_revision };
      },
      'POST /profile/generate_file_draft': () => {
        if (!this.holdDrafts) return { success: true, draft: this.drafts.shift() ?? '# Draft\n\nWritten by the AI.' };
        return new Promise((resolve) => this.#held.push((draft) => resolve({ success: true, draft })));
      },
      'POST /ai_chat/suggest_edits': () => {
        const next = this.suggestions.shift();
        if (next !== undefined) return next as never;
        const error = 'The AI coach is not available right now.';
        return { status: 502, body: { success: false, error, errors: [error] } };
      },
    };
  }
}
