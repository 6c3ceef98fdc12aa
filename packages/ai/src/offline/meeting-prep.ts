/** Offline meeting preparation: a useful starting list per section, added after what is already written. */
import { collapse, normalizeForCompare, sentences } from '../text';
import type { MeetingSectionInput } from '../types';

const names = (attendees: string[]) =>
  attendees.length
    ? attendees.length === 1
      ? attendees[0]!
      : `${attendees.slice(0, -1).join(', ')} and ${attendees[attendees.length - 1]}`
    : 'the attendees';

const linesOf = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((l) => l.replace(/^\s*(?:[-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '').trim())
    .filter(Boolean);

function proposalLines({ section, title, attendees, content }: MeetingSectionInput): string[] {
  const topic = collapse(title) || 'this meeting';
  const who = names(attendees);
  const goals = linesOf(content.goals);
  switch (section) {
    case 'goals':
      return [
        `- Leave ${topic} with a clear decision or next step`,
        `- Understand what ${who} need${attendees.length === 1 ? 's' : ''} from you right now`,
        '- Agree on owners and dates for every follow-up',
      ];
    case 'agenda':
      return [
        '- 5 min: Check-in and the goals for today',
        ...(goals.length ? goals.slice(0, 3).map((g) => `- 10 min: ${g}`) : [`- 15 min: Main topic: ${topic}`]),
        '- 5 min: Decisions, owners and next steps',
      ];
    case 'anticipating':
      return [
        `- What is ${who.split(/,| and /)[0]} most likely to ask, and what is your answer?`,
        '- Which objection would be hardest to hear, and what would change your mind?',
        '- What information or numbers should you bring?',
      ];
    case 'notes':
      return ['- Decisions:', '- Open questions:', '- Action items:'];
    case 'followups': {
      const fromNotes = linesOf(content.notes)
        .flatMap((l) => sentences(l))
        .filter((s) => /\b(will|to do|todo|send|follow up|share|schedule|owner|action)\b/i.test(s))
        .map((s) => `- [ ] ${s.replace(/^action items?:\s*/i, '')}`);
      return [...fromNotes.slice(0, 5), `- [ ] Send a short recap of decisions and owners to ${who}`];
    }
    case 'reflection':
      return ['- What went as planned?', '- What surprised you?', '- What will you do differently next time?'];
  }
}

export function offlineMeetingSection(input: MeetingSectionInput): string {
  const existing = (input.content[input.section] ?? '').trimEnd();
  const have = normalizeForCompare(existing);
  const additions = proposalLines(input).filter((l) => !have.includes(normalizeForCompare(l.replace(/^- (\[ \] )?/, ''))));
  return [existing, additions.join('\n')].filter(Boolean).join('\n');
}
