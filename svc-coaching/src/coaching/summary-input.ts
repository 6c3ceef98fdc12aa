import type { CoachingChatMessage } from '@cc/contracts';

/** The chat's automatic first message says nothing about the answer. */
const OPENER = /^I'm ready to start reflecting on:/i;

/**
 * What a question's AI summary is written from: the manual entries, then what the user said in
 * the chat (the coach's questions are not the user's answer). Level-one headings: a model reads
 * them as labels and the offline summariser skips them. Empty when there is nothing to summarise.
 */
export function summaryInput(content: string, messages: CoachingChatMessage[]): string {
  const said = messages.filter((m) => m.role === 'user' && m.content.trim() && !OPENER.test(m.content.trim())).map((m) => m.content.trim());
  const parts: string[] = [];
  if (content.trim()) parts.push('# Manual entries', content.trim());
  if (said.length) parts.push('# What I said in the coaching chat', ...said);
  return parts.join('\n\n');
}
