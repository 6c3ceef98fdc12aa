import type { ChatPage, PersonContext } from '@cc/ai';
import { isIsoDate, MEETING_CHAT, PLANNING_CHAT } from '@cc/contracts';
import type { ConversationKey } from '../keys';
import { meetingIdOf, meetingPage } from './meeting';
import { readPerson } from './meetings';
import { personPage } from './person';
import { planningPage } from './planning';
import type { FactReads } from './reads';

export { factReads, type FactReads } from './reads';

/** What a chat's page knows (docs/chat.md#what-each-chat-reads), and for a person chat, who. */
export interface PageFacts {
  /** Unset where svc-chat cannot say: the coach then derives the page from the folder. */
  page?: ChatPage;
  person?: PersonContext;
}

export interface PageAddress {
  folder: string;
  fileName: string;
  /** YYYY-MM-DD: the user's today, for the planning chat's week. */
  today: string;
}

/**
 * The page a chat is on, from its conversation key and file, with the facts that page holds,
 * each read from its service as the caller. A fact that cannot be read is left out; the chat
 * always goes on.
 */
export async function pageFacts(reads: FactReads, key: ConversationKey, at: PageAddress, now = Date.now()): Promise<PageFacts> {
  if (key.kind === 'file') return { page: { kind: 'file' } };
  if (key.personId !== undefined) {
    const [person, page] = await Promise.all([readPerson(reads, key.personId), personPage(reads, key.personId, now)]);
    return { page, ...(person ? { person } : {}) };
  }
  switch (at.folder) {
    case PLANNING_CHAT.folder:
      return { page: await planningPage(reads, at.fileName, at.today) };
    case MEETING_CHAT.folder: {
      const id = meetingIdOf(at.folder, at.fileName);
      const page = id === undefined ? undefined : await meetingPage(reads, id, now);
      return page ? { page } : {};
    }
    case 'journal': {
      const date = at.fileName.replace(/\.md$/, '');
      return isIsoDate(date) ? { page: { kind: 'journal', date } } : {};
    }
    // A check-in question's chat is svc-coaching's (onboarding_send_message), which knows its page.
    case 'coaching':
      return {};
    default:
      return { page: { kind: 'file' } };
  }
}
