import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ChatPanelHandle } from '@cc/ui';
import { AUTO_CHAT_DELAY_MS } from '../texts';
import type { AutoChat } from '../types';
import type { Later } from './useLater';

interface Options {
  autoChat: AutoChat | undefined;
  onAutoChatHandled: (() => void) | undefined;
  chatRef: RefObject<ChatPanelHandle | null>;
  /** The file's text is loaded: the chat message carries it. */
  ready: boolean;
  later: Later['later'];
}

/** The open-on-load hint's chat: started at once, its prompt sent 0.5 s after opening (once the file is loaded). */
export function useAutoChat({ autoChat, onAutoChatHandled, chatRef, ready, later }: Options): void {
  const autoChatDone = useRef(false);
  const [pendingPrompt, setPendingPrompt] = useState<string | null>(null);

  useEffect(() => {
    if (!autoChat || autoChatDone.current) return;
    autoChatDone.current = true;
    if (autoChat.start) chatRef.current?.start();
    const prompt = autoChat.prompt?.trim();
    if (prompt) later(() => setPendingPrompt(prompt), AUTO_CHAT_DELAY_MS);
    else onAutoChatHandled?.();
  }, [autoChat, onAutoChatHandled, later, chatRef]);

  useEffect(() => {
    if (pendingPrompt === null || !ready) return;
    setPendingPrompt(null);
    void chatRef.current?.send(pendingPrompt);
    onAutoChatHandled?.();
  }, [pendingPrompt, ready, onAutoChatHandled, chatRef]);
}
