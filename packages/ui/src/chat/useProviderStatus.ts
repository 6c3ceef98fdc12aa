import { useEffect, useState } from 'react';
import { fetchChatStatus } from './api';
import type { ChatStatus } from './types';

/** The AI provider's status (`GET /ai_chat/status`, asked once per page); null until known or when `enabled` is false. */
export function useProviderStatus(enabled: boolean): ChatStatus | null {
  const [status, setStatus] = useState<ChatStatus | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void fetchChatStatus().then((s) => {
      if (live) setStatus(s);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return status;
}
