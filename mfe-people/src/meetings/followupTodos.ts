import { meetingAddress } from '@cc/contracts/addresses';
import { PLANNING_LIMITS } from '@cc/contracts/planning-rules';
import type { SourcedTodo } from './api/notes';
import { openLines } from './carryForward';

/**
 * Follow-ups become todos (added, docs/people.md#meetings). Each open follow-up line (not ticked done,
 * bullets and '[ ]' taken off) is one todo whose source_key is the meeting and the line's text:
 * sending the same line again is recognised by planning and makes nothing new, and an edited
 * line is a new todo.
 */

/** A 64-bit FNV-1a hash of the text as 16 hex digits: short, stable, and safe in a key. */
export function lineHash(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

export const followupKey = (meetingId: number, line: string) => `meeting:${meetingId}:line:${lineHash(line)}`;

/** The open lines of the follow-ups, each once. */
export const followupLines = (followups: string) => [...new Set(openLines(followups))];

export interface MeetingOrigin {
  meetingId: number;
  /** The person whose page the meeting opens from. */
  personId: number;
  title: string;
  attendees: readonly string[];
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The todo a follow-up line becomes; the attendees are named in its description. */
export function followupTodo(line: string, origin: MeetingOrigin): SourcedTodo {
  const title = origin.title.trim() || 'Meeting';
  const attendees = origin.attendees.length > 0 ? `Attendees: ${origin.attendees.join(', ')}.` : '';
  return {
    title: cut(line, PLANNING_LIMITS.title),
    description: cut(`Follow-up from the meeting “${title}”. ${attendees}`.trim(), PLANNING_LIMITS.description),
    source_key: followupKey(origin.meetingId, line),
    source_label: cut(`Meeting: ${title}`, PLANNING_LIMITS.sourceLabel),
    source_url: meetingAddress(origin.personId, origin.meetingId),
  };
}
