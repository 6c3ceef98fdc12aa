import { useMemo, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { errorMessage } from '@cc/client';
import { sendTodo, todosQuery, type Todo } from './api/notes';
import type { AutosavedFieldHandle } from '../shared/AutosavedField';
import { followupKey, followupLines, followupTodo, type MeetingOrigin } from './followupTodos';

export const SEND_TEXTS = {
  button: 'Send to planning',
  sending: 'Sending to planning…',
  none: 'There are no open follow-ups to send: write one per line.',
  nothingNew: 'Every open follow-up is already in planning.',
  sent: (n: number) => `Sent ${n} follow-up${n === 1 ? '' : 's'} to planning.`,
  failed: 'Could not send the follow-ups to planning: ',
  unsaved: 'The follow-ups could not be saved, so they were not sent. Please try again.',
  inPlanning: 'In planning',
} as const;

interface SendToPlanningProps {
  /** The follow-ups field. */
  field(): AutosavedFieldHandle | null | undefined;
  /** The meeting's id once it exists. */
  meetingId(): number | null;
  /** The meeting as it is now: what the todos name and link to. */
  origin(): Omit<MeetingOrigin, 'meetingId'>;
  /** An existing meeting's follow-ups: which of them are in planning shows on opening. */
  initial: { id: number; followups: string } | null;
}

interface Marks {
  meetingId: number;
  lines: string[];
  planned: ReadonlySet<string | null>;
}

const keysOf = (todos: readonly Todo[]) => new Set(todos.map((t) => t.source_key));
/** What planning holds now, asked afresh: a todo made or deleted elsewhere a moment ago counts. */
const plannedKeys = async (queryClient: QueryClient) => keysOf((await queryClient.fetchQuery({ ...todosQuery(), staleTime: 0 })).todos);

/**
 * Follow-ups become todos (added, docs/people.md#meetings): each open line is sent to planning once, linked
 * back to the meeting; planning recognises a line sent before, and the list marks what it holds.
 */
export function SendToPlanning({ field, meetingId, origin, initial }: SendToPlanningProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  // What a send marked; until the first send, the hint of opening (null: nothing to mark).
  const [sentMarks, setMarks] = useState<Marks | null | undefined>(undefined);
  const [initialLines] = useState(() => (initial ? followupLines(initial.followups) : []));
  // Only a hint on opening (an existing meeting's follow-ups already in planning); a failed read shows nothing.
  const todos = useQuery({ ...todosQuery(), enabled: initialLines.length > 0 }).data?.todos;
  const openingMarks = useMemo(() => {
    if (!initial || !todos) return null;
    const planned = keysOf(todos);
    return initialLines.some((l) => planned.has(followupKey(initial.id, l)))
      ? { meetingId: initial.id, lines: initialLines, planned }
      : null;
  }, [initial, initialLines, todos]);
  const marks = sentMarks === undefined ? openingMarks : sentMarks;

  const send = async () => {
    setBusy(true);
    setStatus('');
    setError('');
    try {
      const input = field();
      // The meeting is created by its first save: the lines are sent once it exists.
      if (input && !(await input.flush())) throw new Error(SEND_TEXTS.unsaved);
      const lines = followupLines(input?.text() ?? '');
      const id = meetingId();
      if (lines.length === 0 || id === null) {
        setMarks(null);
        setStatus(SEND_TEXTS.none);
        return;
      }
      const from = { ...origin(), meetingId: id };
      const known = await plannedKeys(queryClient);
      let sent = 0;
      for (const line of lines) {
        const todo = followupTodo(line, from);
        if (known.has(todo.source_key)) continue;
        if (!(await sendTodo(queryClient, todo)).duplicate) sent += 1;
        known.add(todo.source_key);
        setMarks({ meetingId: id, lines, planned: new Set(known) });
      }
      // What planning holds now, read back (a todo deleted there is no longer marked).
      setMarks({ meetingId: id, lines, planned: await plannedKeys(queryClient) });
      setStatus(sent > 0 ? SEND_TEXTS.sent(sent) : SEND_TEXTS.nothingNew);
    } catch (failure) {
      setError(`${SEND_TEXTS.failed}${errorMessage(failure)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="send-to-planning" data-testid="send-to-planning">
      <button type="button" className="button" onClick={() => void send()} disabled={busy} data-testid="meeting-send-followups">
        {busy ? SEND_TEXTS.sending : SEND_TEXTS.button}
      </button>
      <span role="status" className="send-status">
        {status}
      </span>
      {error && (
        <span role="alert" className="error-text">
          {error}
        </span>
      )}
      {marks && (
        <ul className="followup-marks" aria-label="Follow-ups and planning" data-testid="followup-marks">
          {marks.lines.map((line) => (
            <li key={line} data-testid="followup-mark">
              <span>{line}</span>
              {marks.planned.has(followupKey(marks.meetingId, line)) && <span className="in-planning">{SEND_TEXTS.inPlanning}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
