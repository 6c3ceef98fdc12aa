/**
 * The offer to write the chat into the page, for the pages that have a button for it: the
 * dashboard's Update file and the check-in's Update notes from chat. Both show the change to
 * accept or reject before it is saved, and that is the only promise made.
 */
import type { GuideSection } from '../../career-folders';
import type { Chat } from './page-coach';
import type { Fact } from '../facts';
import { listOf } from '../reflect';

/** The file chat needs 3 messages before an update; interview stories need 6 (docs/dashboard.md#file-chat). */
const MIN_MESSAGES_FOR_UPDATE = 3;
export const MIN_MESSAGES_FOR_STORY_UPDATE = 6;

export const OFFER = "I can add what you've shared to";

/** How the page's button (and the words that do the same) are named in an offer. */
function how(chat: Chat): string {
  const { updateButton, updateCommand, reviewsChanges } = chat.words;
  const press = updateCommand ? `Say "${updateCommand}" or press ${updateButton}` : `Press ${updateButton}`;
  return reviewsChanges ? `${press}, and you can review the changes before they are saved.` : `${press}.`;
}

/** "I can add what you've shared to x.md under Goal and Timeline. Say "update the file" or press Update file, …" */
export function updateOffer(chat: Chat, sections: GuideSection[], facts: Fact[], { short = false } = {}): string {
  // Once offered, a reminder is enough: the full offer every turn would drown the question.
  if (short) return `(I can update ${chat.subject} whenever you like.)`;
  const targets = [
    ...sections.filter((s) => facts.some((f) => f.section === s)).map((s) => s.heading),
    // Where the page's text is itself notes, "under notes" says nothing.
    ...(facts.some((f) => !f.section) && !/\bnotes\b/i.test(chat.subject) ? ['notes'] : []),
  ];
  const where = targets.length ? ` under ${listOf(targets.slice(0, 5))}` : '';
  return `${OFFER} ${chat.subject}${where}. ${how(chat)}`;
}

/** Whether the page's button may be offered: it exists, the mode allows it, and the conversation is long enough. */
export function mayOffer(chat: Chat, { minimum = MIN_MESSAGES_FOR_UPDATE, complete = false } = {}): boolean {
  if (!chat.words.updateButton) return false;
  // Only a page with modes has an Ask mode to respect; the check-in's button is always there.
  if (chat.words.modes && chat.input.mode !== 'agent') return false;
  // Counting the reply itself, as the dashboard does.
  return chat.conversation.length + 1 >= minimum || complete;
}

/** The answer to "update it" on a page with a button. */
export function updateRequestReply(chat: Chat, sections: GuideSection[], facts: Fact[], reading: string | undefined): string {
  if (chat.words.modes && chat.input.mode !== 'agent') {
    return `I'm in Ask mode, so I won't change files. Switch to Agent mode and I can update ${chat.subject} with what you've shared.`;
  }
  if (facts.length) return updateOffer(chat, sections, facts);
  const nothing = reading
    ? `There is nothing new from our conversation to add to ${chat.subject} yet.`
    : 'There is nothing from our conversation to add yet.';
  return [nothing, reading].filter(Boolean).join(' ');
}
