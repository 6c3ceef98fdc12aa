/**
 * The task helpers for a real model: each builds its prompt and goes through the raw
 * capabilities (chat, stream or structured), then tidies the answer into the shape services
 * store. Works with any AiCapabilities, so it is tested against the loopback server.
 */
import { z } from 'zod';
import { localIsoDate, weekLabel } from '@cc/contracts/periods';
import {
  chatReplySystem,
  coachingPlanPrompt,
  companyStatementsPrompt,
  fileDraftPrompt,
  fileSuggestionPrompt,
  folderSuggestionPrompt,
  meetingSectionPrompt,
  narrativePrompt,
  profileStatementsPrompt,
  scorePrompt,
  suggestEditsPrompt,
  FILE_CONTENT_LIMIT,
  summarizePrompt,
  transcript,
  weekPlanPrompt,
  type Prompt,
} from './prompts';
import { REFLECTION_OPENER } from './offline/facts';
import { answerOf } from './offline/scoring';
import { extractStatements } from './statements';
import { filterSuggestions } from './suggestion-filter';
import { asMarkdownFileName, bulletList, slug, unfence } from './text';
import { asTaskLines, planWeek, repeatsPrompt } from './week-days';
import type {
  AiCapabilities,
  AiTasks,
  CallOptions,
  ChatMessage,
  ChatReplyInput,
  ChatStream,
  Suggestion,
  SuggestFilesInput,
  SuggestFoldersInput,
} from './types';

/** Enough conversation for context without growing the prompt without bound. */
const HISTORY_LIMIT = 30;

const suggestionsSchema = z.object({
  suggestions: z.array(z.object({ name: z.string().min(1), description: z.string() })),
});
const scoreSchema = z.object({ score: z.number(), feedback: z.string() });
const weekPlanSchema = z.object({ outcomes: z.array(z.string()), actions: z.array(z.string()) });
const companyStatementsSchema = z.object({
  statements: z.array(z.object({ text: z.string().min(1), source: z.string() })),
});

const call = ({ signal, timeoutMs }: CallOptions): CallOptions => ({
  ...(signal ? { signal } : {}),
  ...(timeoutMs !== undefined ? { timeoutMs } : {}),
});

const ask = (prompt: Prompt): { system: string; messages: ChatMessage[] } => ({
  system: prompt.system,
  messages: [{ role: 'user', content: prompt.user }],
});

/** The prompt as the user edited it in the prompt editor, else the default. */
const edited = (input: { system?: string; user?: string }, defaults: Prompt): Prompt => ({
  system: input.system || defaults.system,
  user: input.user || defaults.user,
});

/** Folder or file ideas from the model: named as the product names them, minus the rejected and existing, within the count. */
async function suggest(
  ai: AiCapabilities,
  input: SuggestFoldersInput | SuggestFilesInput,
  prompt: Prompt,
  name: string,
  nameOf: (raw: string) => string,
): Promise<Suggestion[]> {
  const answer = await ai.structured({ ...call(input), ...ask(prompt), schema: suggestionsSchema, name });
  const named = answer.suggestions.map((s) => ({ name: nameOf(s.name), description: s.description.trim() }));
  return filterSuggestions(named, input);
}

function conversationFor(history: ChatMessage[]): ChatMessage[] {
  return history.filter((m) => m.role === 'user' || m.role === 'assistant').slice(-HISTORY_LIMIT);
}

/** Reads a whole stream, telling `onText` what has been written after each piece. */
async function readStream(stream: ChatStream, onText: (writtenSoFar: string) => void): Promise<string> {
  for await (const _piece of stream) onText(stream.text);
  return stream.text;
}

export function modelTasks(ai: AiCapabilities): AiTasks {
  const replyRequest = (input: ChatReplyInput) => ({
    ...call(input),
    system: chatReplySystem(input),
    messages: [...conversationFor(input.history), { role: 'user' as const, content: input.message }],
  });

  return {
    chatReply: (input) => ai.chat(replyRequest(input)).then((t) => t.trim()),

    chatReplyStream: (input) => ai.chatStream(replyRequest(input)),

    async suggestEdits(input) {
      const source = input.selectedMessages?.length ? input.selectedMessages : input.history;
      // A file longer than the prompt allows: the model edits its beginning (cut at a line
      // break) and the rest is appended unchanged, so nothing past the limit is dropped.
      const cut =
        input.fileContent.length > FILE_CONTENT_LIMIT
          ? input.fileContent.lastIndexOf('\n', FILE_CONTENT_LIMIT) + 1 || FILE_CONTENT_LIMIT
          : input.fileContent.length;
      const head = input.fileContent.slice(0, cut);
      const tail = input.fileContent.slice(cut);
      const prompt = suggestEditsPrompt({
        ...input,
        fileContent: head,
        partial: tail.length > 0,
        conversation: transcript(conversationFor(source)),
      });
      const answer = unfence(await ai.chat({ ...call(input), ...ask(prompt) }));
      // An empty answer must not wipe the file: keep what the user has.
      return answer.trim() ? `${answer.trimEnd()}\n${tail}` : input.fileContent;
    },

    suggestFolders: (input) => suggest(ai, input, edited(input, folderSuggestionPrompt(input)), 'folder_suggestions', slug),

    suggestFiles: (input) => suggest(ai, input, edited(input, fileSuggestionPrompt(input)), 'file_suggestions', asMarkdownFileName),

    async draftFile(input) {
      return `${unfence(await ai.chat({ ...call(input), ...ask(edited(input, fileDraftPrompt(input))) }))}\n`;
    },

    async summarize(input) {
      if (!input.content.trim()) return '';
      return unfence(await ai.chat({ ...call(input), ...ask(summarizePrompt(input.content, input.fileName)) }));
    },

    async score(input) {
      // Only an answer is scored: the automatic first message names the question, it answers nothing.
      const answered = (text: string) => text.trim() !== '' && !REFLECTION_OPENER.test(text.trim());
      if (!answered(input.answer) && !input.history.some((m) => m.role === 'user' && answered(m.content))) {
        return { score: null, feedback: '' };
      }
      const prompt = scorePrompt(input.question, answerOf(input), transcript(conversationFor(input.history)));
      const answer = await ai.structured({ ...call(input), ...ask(prompt), schema: scoreSchema, name: 'score' });
      return { score: Math.round(Math.min(100, Math.max(0, answer.score))), feedback: answer.feedback.trim() };
    },

    async weekPlan(input) {
      const today = input.today ?? localIsoDate();
      const week = planWeek(input.periodKey, today);
      const prompt = weekPlanPrompt(input.prompt, weekLabel(input.periodKey), { today, days: week?.days ?? [] });
      const answer = await ai.structured({ ...call(input), ...ask(prompt), schema: weekPlanSchema, name: 'week_plan' });
      // Whatever the model did with the days, the week gets task boxes on days still ahead.
      const outcomes = answer.outcomes
        .map((o) => o.replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, '').trim())
        .filter((o) => o && !repeatsPrompt(o, input.prompt));
      return { outcomes: bulletList(outcomes), actions: asTaskLines(answer.actions, week) };
    },

    async coachingPlan(input) {
      return unfence(await ai.chat({ ...call(input), ...ask(coachingPlanPrompt(input.prompt)) }));
    },

    async profileStatements(input) {
      const defaults = profileStatementsPrompt(input.details, input.evidence, input.research);
      const prompt = { system: input.system || defaults.system, user: input.user || defaults.user };
      const request = { ...call(input), ...ask(prompt) };
      const markdown = unfence(input.onText ? await readStream(ai.chatStream(request), input.onText) : await ai.chat(request));
      return { markdown, statements: extractStatements(markdown) };
    },

    async companyStatements(input) {
      const prompt = companyStatementsPrompt(input.details);
      const answer = await ai.structured({ ...call(input), ...ask(prompt), schema: companyStatementsSchema, name: 'company_statements' });
      const company = input.details.company?.trim() ?? '';
      return answer.statements.map((s) => ({ text: s.text.trim(), source: s.source.trim() || company }));
    },

    async narrative(input) {
      const prompt = narrativePrompt(input.details, input.statements ?? [], input.companyStatements ?? []);
      return unfence(await ai.chat({ ...call(input), ...ask(prompt) }));
    },

    async meetingSection(input) {
      return unfence(await ai.chat({ ...call(input), ...ask(meetingSectionPrompt(input)) }));
    },
  };
}
