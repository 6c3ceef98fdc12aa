import { useCallback, useEffect, useRef, useState } from 'react';
import { ChatPanel, type ChatMessage, type ChatPanelHandle, type SendMessagePayload } from '@cc/ui';
import type { Milestone, Todo } from '@cc/contracts/planning';
import { localIsoDate } from '@cc/contracts/periods';
import { PLANNING_CHAT as C, PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
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

type ActionsModule = typeof import('@cc/ai/planning-actions');
let actionsModule: Promise<ActionsModule> | null = null;
/**
 * The one definition of the chat's actions (packages/ai) validates with zod, about 24 KB
 * gzipped: it loads when a reply or a stored message may hold an action, not with the chat.
 */
function loadActions(): Promise<ActionsModule> {
  actionsModule ??= import(/* webpackChunkName: "planning-actions" */ '@cc/ai/planning-actions').catch((error: unknown) => {
    actionsModule = null;
    throw error;
  });
  return actionsModule;
}
const mayHoldAction = (text: string) => text.includes('"action"');

/**
 * The planning chat (spec §7): send_message in agent mode with an empty file_content, folder
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
  const [actions, setActions] = useState<ActionsModule | null>(null);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const buildPayload = useCallback((base: SendMessagePayload) => {
    const { tab: now, todos: t, milestones: m } = latest.current;
    const summary = planningContextSummary(now, t, m);
    return { ...base, mode: 'agent', file_content: '', today: localIsoDate(new Date()), ...(summary ? { context_summary: summary } : {}) };
  }, []);

  const onHistoryChange = useCallback((history: ChatMessage[]) => {
    if (history.some((m) => m.role === 'assistant' && mayHoldAction(m.content))) void loadActions().then(setActions, () => {});
  }, []);

  const onReply = useCallback((reply: string) => {
    if (!mayHoldAction(reply)) return;
    void (async () => {
      let found;
      try {
        const mod = await loadActions();
        setActions(mod);
        found = mod.findPlanningAction(reply);
      } catch (error) {
        console.warn('[planning] the chat actions did not load', error);
        chatRef.current?.appendMessage('assistant', M.chatError);
        return;
      }
      if (!found) return;
      const outcome = await runPlanningAction(found);
      chatRef.current?.appendMessage('assistant', outcome.message);
      // Even a refused action is followed by a refresh: the lists show what the server holds.
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        void latest.current.refresh();
      }, outcome.refreshAfterMs);
      timers.current.add(timer);
    })();
  }, []);

  return (
    <div ref={panelRef} className="planning-chat-panel">
      <ChatPanel
        ref={chatRef}
        conversation={{ folder: C.folder, fileName: chatFileName(tab) }}
        initialMode="agent"
        showModes={false}
        historyLimit={C.historyMessages}
        buildPayload={buildPayload}
        onReply={onReply}
        onHistoryChange={onHistoryChange}
        displayText={actions?.withoutPlanningAction}
        errorText={M.chatError}
        greeting={chatGreeting(tab)}
        initialInput={start?.draft}
        labels={{ title: 'Planning assistant' }}
      />
    </div>
  );
}
