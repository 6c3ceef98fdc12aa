import { useCallback, useEffect, useRef } from 'react';
import { findPlanningAction, withoutPlanningAction } from '@cc/contracts/planning-actions';
import { ChatPanel, type ChatPanelHandle, type SendMessagePayload } from '@cc/ui';
import type { Milestone, Todo } from '@cc/contracts/planning';
import { localIsoDate } from '@cc/contracts/periods';
import { PLANNING_CHAT as C, PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { appendChatLine } from './api/chatActions';
import { chatFileName, type PlanningTab } from '../planning/tabs';
import { chatGreeting } from './greetings';
import { planningContextSummary } from './contextSummary';
import { runPlanningAction } from './runPlanningAction';

export interface PlanningChatProps {
  tab: PlanningTab;
  todos: readonly Todo[];
  milestones: readonly Milestone[];
  /** Reads the todos and milestones again (after an action created something). */
  refresh: () => Promise<void>;
  /** What the placeholder held when this loaded: its text, a message sent meanwhile, whether its box had the focus. */
  start?: { draft: string; send: string | null; focus: boolean };
}

const mayHoldAction = (text: string) => text.includes('"action"');

/** The planning conversation: one for every tab (svc-chat keeps every planning file name as this one). */
const CONVERSATION = { folder: C.folder, fileName: C.conversationFile };

/**
 * The planning chat (docs/planning.md#planning-chat): send_message in agent mode with an empty file_content, folder
 * 'planning', file_name {tab}.md (milestones.md on the milestone view) and the last 6 messages,
 * plus the context summary when the tab holds 1 to 5 items. A reply that embeds create_todo or
 * create_workback_plan is carried out, its result said in the chat, and the lists refreshed
 * 1 s (todo) or 1.5 s (plan) later.
 */
export default function PlanningChat({ tab, todos, milestones, refresh, start }: PlanningChatProps) {
  const chatRef = useRef<ChatPanelHandle>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const startRef = useRef(start);

  // Take over from the placeholder: its focus, and the message sent before this loaded.
  useEffect(() => {
    const begin = startRef.current;
    if (!begin) return;
    if (begin.focus) panelRef.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus();
    if (begin.send) void chatRef.current?.send(begin.send);
  }, []);
  const latest = useRef({ tab, todos, milestones, refresh });
  latest.current = { tab, todos, milestones, refresh };
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const buildPayload = useCallback((base: SendMessagePayload) => {
    const { tab: now, todos: t, milestones: m } = latest.current;
    const summary = planningContextSummary(now, t, m);
    // One conversation for every tab (stored as planning.md); the message still names the
    // tab's file, {tab}.md, so the coach knows which view the user asks from.
    return {
      ...base,
      mode: 'agent',
      file_content: '',
      file_name: chatFileName(now),
      today: localIsoDate(new Date()),
      ...(summary ? { context_summary: summary } : {}),
    };
  }, []);

  /** Says a line in the chat and keeps it with the conversation, so a reload shows what the user saw. */
  const say = useCallback((line: string) => {
    chatRef.current?.appendMessage('assistant', line);
    appendChatLine(CONVERSATION, line).catch((error: unknown) => console.warn('[planning] the chat line was not stored', error));
  }, []);

  const onReply = useCallback(
    (reply: string) => {
      if (!mayHoldAction(reply)) return;
      const found = findPlanningAction(reply);
      if (!found) return;
      void (async () => {
        const outcome = await runPlanningAction(found);
        say(outcome.message);
        // Even a refused action is followed by a refresh: the lists show what the server holds.
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          void latest.current.refresh();
        }, outcome.refreshAfterMs);
        timers.current.add(timer);
      })();
    },
    [say],
  );

  return (
    <div ref={panelRef} className="planning-chat-panel">
      <ChatPanel
        ref={chatRef}
        conversation={CONVERSATION}
        initialMode="agent"
        showModes={false}
        historyLimit={C.historyMessages}
        buildPayload={buildPayload}
        onReply={onReply}
        displayText={withoutPlanningAction}
        errorText={M.chatError}
        greeting={chatGreeting(tab)}
        initialInput={start?.draft}
        labels={{ title: 'Planning assistant' }}
      />
    </div>
  );
}
