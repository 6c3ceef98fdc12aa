/**
 * The offline coach: every capability answered by rules and templates, instantly and the same
 * way every time, so the product is useful (and testable) with no model configured.
 */
import type { z } from 'zod';
import { sectionsFor } from '../career-folders';
import { streamOfText } from '../chat-stream';
import { chatPageOf } from '../chat-pages';
import { isInterviewStories } from '@cc/contracts/star';
import { AiAbortedError, AiUnavailableError } from '../errors';
import { titleFrom } from '../text';
import type { AiProvider, CallOptions, ChatMessage, ChatReplyInput, ChatRequest, StructuredRequest } from '../types';
import { offlineChatReply } from './coach-chat';
import { offlineCoachingPlan } from './coaching-plan';
import { offlineDraft } from './drafts';
import { factsFrom } from './facts';
import { offlineMeetingSection } from './meeting-prep';
import { mergeFacts } from './merge-facts';
import { offlineCompanyStatements, offlineNarrative, offlineProfileStatements } from './profile';
import { offlineScore } from './scoring';
import { offlineSuggestFiles, offlineSuggestFolders } from './suggestions';
import { offlineSummary } from './summary';
import { offlineWeekPlan } from './week-plan';

export const OFFLINE_MODEL = 'offline-coach';

/** Honour a cancelled request even though the answer would be instant. */
function checkSignal({ signal }: CallOptions): void {
  if (signal?.aborted) throw new AiAbortedError({ cause: signal.reason });
}

const answer = async <T>(options: CallOptions, compute: () => T): Promise<T> => {
  checkSignal(options);
  return compute();
};

/** A raw chat has no file: treat its last user message as the message and the rest as history. */
function asReplyInput(req: ChatRequest): ChatReplyInput {
  const messages = req.messages.filter((m) => m.role !== 'system');
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  return {
    mode: 'ask',
    folder: '',
    fileName: 'your notes',
    fileContent: '',
    history: lastUser >= 0 ? messages.slice(0, lastUser) : messages,
    message: lastUser >= 0 ? messages[lastUser]!.content : '',
  };
}

export function createOfflineCoach(): AiProvider {
  const aborted = (signal?: AbortSignal) => () => new AiAbortedError({ cause: signal?.reason });

  return {
    info: () => ({ provider: 'offline', model: OFFLINE_MODEL }),

    chat: (req) => answer(req, () => offlineChatReply(asReplyInput(req))),

    chatStream(req) {
      checkSignal(req);
      return streamOfText(offlineChatReply(asReplyInput(req)), req.signal, aborted(req.signal));
    },

    async structured<S extends z.ZodType>(req: StructuredRequest<S>): Promise<z.output<S>> {
      checkSignal(req);
      if (!req.offline) {
        throw new AiUnavailableError(
          'The offline coach cannot answer this request. Connect a model by setting AI_BASE_URL (and AI_MODEL, AI_API_KEY).',
        );
      }
      return req.schema.parse(req.offline());
    },

    chatReply: (input) => answer(input, () => offlineChatReply(input)),

    chatReplyStream(input) {
      checkSignal(input);
      return streamOfText(offlineChatReply(input), input.signal, aborted(input.signal));
    },

    suggestEdits: (input) =>
      answer(input, () => {
        const sections = sectionsFor(input.folder);
        // `message` is the instruction ('update doc' prompt or the update-file request): it says
        // what to do with the conversation and is never content for the file.
        const source: ChatMessage[] = input.selectedMessages?.length ? input.selectedMessages : input.history;
        const facts = factsFrom(source, sections, {
          keywordsFirst: isInterviewStories(input.folder),
          // The check-in's coach asks its prompt's questions: an answer to one fills the heading it stood for.
          answersAnyQuestion: chatPageOf({ ...input, context: '' }).kind === 'checkin',
        });
        return mergeFacts(input.fileContent, facts, { order: sections, title: titleFrom(input.fileName) || 'Notes' });
      }),

    suggestFolders: (input) => answer(input, () => offlineSuggestFolders(input)),
    suggestFiles: (input) => answer(input, () => offlineSuggestFiles(input)),
    draftFile: (input) => answer(input, () => offlineDraft(input)),
    summarize: (input) => answer(input, () => offlineSummary(input.content)),
    score: (input) => answer(input, () => offlineScore(input)),
    weekPlan: (input) => answer(input, () => offlineWeekPlan(input)),
    coachingPlan: (input) => answer(input, () => offlineCoachingPlan(input.prompt)),
    profileStatements: (input) => answer(input, () => offlineProfileStatements(input.details, input.evidence, input.research)),
    companyStatements: (input) => answer(input, () => offlineCompanyStatements(input.details)),
    narrative: (input) => answer(input, () => offlineNarrative(input)),
    meetingSection: (input) => answer(input, () => offlineMeetingSection(input)),
  };
}
