import { memo, useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAutosavedText, type AutosavedText } from '@cc/ui/autosave';
import { ConflictPanel } from '@cc/ui/conflict';
import { readDraft } from '@cc/ui/draft';
import type { Milestone, TimelineItem } from '@cc/contracts/planning';
import { TIMELINE_AUTOSAVE_MS } from '@cc/contracts/planning-rules';
import { storageAccount } from '@cc/ui/storage';
import { saveWeek, staleWeek } from './timelineSave';
import { formatDay } from '@cc/contracts/dates';
import { milestoneAddress } from '@cc/contracts/addresses';
import { hasUnfinished, openActionCount, type TimelineWeek } from './weeks';

export interface WeekHandle {
  /** The week's actions as typed now. */
  getText(): string;
  /** Puts new text in the week (AI plan, carry-over) and autosaves it like typing would. */
  replace(text: string): void;
  /** Saves what is pending now; true when all is saved. */
  flush(): Promise<boolean>;
}

export interface WeekBlockProps {
  planId: number;
  week: TimelineWeek;
  item: TimelineItem | undefined;
  outcomes: string;
  milestones: readonly Milestone[];
  onPlanWithAi: (week: TimelineWeek) => void;
  onCarryOver: (week: TimelineWeek) => void;
  /** The number of open actions changed (the timeline's overview shows which weeks have some). */
  onOpenCount?: (weekKey: string, count: number) => void;
  /** Above 0: this week was just pointed at (the address, a carry-over into it); each new value flashes it again. */
  flash?: number;
  ref?: Ref<WeekHandle>;
}

/**
 * One week of the timeline: its milestones, its outcomes and its actions, autosaved 1 s after
 * typing (and on blur, page hide and unload; kept locally until the server has them; a stale
 * save shows both versions).
 *
 * The autosave of a week starts when the week is first used: focused, typed in, filled by the
 * AI plan or by a carry-over (or at once when a local draft of it is kept, which it brings back
 * and saves). Until then the week shows the server's text in the same field, and there is
 * nothing of it to save: the 53 weeks mount without 53 autosaves, their listeners, their
 * draft reads and a second render each.
 */
export const WeekBlock = memo(function WeekBlock({
  planId,
  week,
  item,
  outcomes,
  milestones,
  onPlanWithAi,
  onCarryOver,
  onOpenCount,
  flash = 0,
  ref,
}: WeekBlockProps) {
  const [text, setText] = useState(item?.content ?? '');
  const textRef = useRef(text);
  textRef.current = text;
  const blockRef = useRef<HTMLLIElement>(null);
  const openCount = useRef(openActionCount(text));
  useEffect(() => {
    const count = openActionCount(text);
    if (count === openCount.current) return;
    openCount.current = count;
    onOpenCount?.(week.key, count);
  }, [text, week.key, onOpenCount]);
  useEffect(() => {
    if (flash > 0)
      blockRef.current?.animate?.(
        [{ boxShadow: '0 0 0 6px rgba(47, 111, 143, 0.55)' }, { boxShadow: '0 0 0 3px rgba(47, 111, 143, 0.15)' }],
        { duration: 1600, easing: 'ease-out' },
      );
  }, [flash]);
  const storageKey = `cc:draft:timeline:${storageAccount() ?? '?'}:${planId}:${week.key}`;
  const [active, setActive] = useState(() => readDraft(storageKey) !== null);
  const saver = useRef<Saver | null>(null);
  /** Edited before the autosave started: the text typed stays and is saved. */
  const edited = useRef(false);
  /** `flush()` calls made while the autosave was starting. */
  const waiting = useRef<((saved: boolean) => void)[]>([]);

  // The weeks read again (the tab opened again) while this one is unused: it shows what the server holds now.
  const serverText = item?.content ?? '';
  useEffect(() => {
    if (active || edited.current || textRef.current === serverText) return;
    textRef.current = serverText;
    setText(serverText);
  }, [serverText, active]);

  const edit = (value: string) => {
    textRef.current = value;
    setText(value);
    if (saver.current) saver.current.changed();
    else {
      edited.current = true;
      setActive(true);
    }
  };

  useImperativeHandle(ref, () => ({
    getText: () => textRef.current,
    replace: edit,
    flush: () => {
      if (saver.current) return saver.current.flush();
      if (!edited.current) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => waiting.current.push(resolve));
    },
  }));

  const label = week.label;
  const unfinished = week.past && hasUnfinished(text);
  const className = ['week-block', week.current && 'current', week.past && 'past'].filter(Boolean).join(' ');
  // The visible words start the accessible name (axe: label-content-name-mismatch); the week follows,
  // in the name only (an aria-label, not hidden text: two elements fewer in each of the 53 weeks).
  const buttons = (
    <>
      {unfinished && (
        <button
          type="button"
          className="button button-small"
          onClick={() => onCarryOver(week)}
          aria-label={`Carry over the unfinished actions of ${label} to this week`}
        >
          Carry over
        </button>
      )}
      <button type="button" className="button button-small week-ai" onClick={() => onPlanWithAi(week)} aria-label={`AI plan for ${label}`}>
        AI plan
      </button>
    </>
  );
  return (
    <li
      ref={blockRef}
      className={className}
      data-testid="week-block"
      data-week={week.key}
      data-current={week.current ? 'true' : undefined}
      aria-current={week.current ? 'date' : undefined}
      aria-label={label}
      data-highlighted={flash > 0 ? 'true' : undefined}
    >
      <header className="week-head">
        <span className="week-number" title={`ISO week ${week.number} of ${week.year}`}>
          {`W${week.number}`}
          {week.number === 1 && <span className="week-year">{` ${week.year}`}</span>}
        </span>
        <span className="week-dates">{week.dates}</span>
        {week.current && <span className="week-badge">This week</span>}
      </header>
      {milestones.length > 0 && (
        <ul className="week-milestones" aria-label="Milestones due">
          {milestones.map((m) => (
            <li key={m.id} className={m.completed ? 'done' : undefined}>
              {/* A plain anchor: the timeline answers its click as the router's (Timeline.tsx). */}
              <a href={milestoneAddress(m.id)} title={`Target ${formatDay(m.target_date)}: open the milestone`}>
                {`◆ ${m.title}`}
              </a>
            </li>
          ))}
        </ul>
      )}
      {outcomes && (
        <div className="week-outcomes" data-testid="week-outcomes">
          <span className="week-section-label">Outcomes</span>
          <p>{outcomes}</p>
        </div>
      )}
      <label className="week-section-label" htmlFor={`actions-${week.key}`}>
        Actions
      </label>
      <textarea
        id={`actions-${week.key}`}
        className="week-actions"
        value={text}
        placeholder={week.past ? 'Nothing was planned.' : '- [ ] One thing to move forward'}
        onChange={(e) => edit(e.target.value)}
        onFocus={active ? undefined : () => setActive(true)}
        onBlur={() => saver.current?.blurred()}
        spellCheck
        aria-label={`Actions of ${label}`}
      />
      {active ? (
        <WeekAutosave
          planId={planId}
          week={week}
          item={item}
          storageKey={storageKey}
          textRef={textRef}
          show={setText}
          edited={edited}
          waiting={waiting}
          saver={saver}
        >
          {buttons}
        </WeekAutosave>
      ) : (
        <footer className="week-foot">
          <span className="week-status" role="status" data-state="idle" />
          {buttons}
        </footer>
      )}
    </li>
  );
});

type Saver = Pick<AutosavedText<number>, 'changed' | 'blurred' | 'flush'>;

/** A week's autosave, once started: its status line, and the conflict when a save was stale. */
function WeekAutosave({
  planId,
  week,
  item,
  storageKey,
  textRef,
  show,
  edited,
  waiting,
  saver,
  children,
}: {
  planId: number;
  week: TimelineWeek;
  item: TimelineItem | undefined;
  storageKey: string;
  textRef: { current: string };
  show: (text: string) => void;
  edited: { current: boolean };
  waiting: { current: ((saved: boolean) => void)[] };
  saver: { current: Saver | null };
  children: ReactNode;
}) {
  const client = useQueryClient();
  const entry = useAutosavedText<number>({
    key: `timeline:${planId}:${week.key}`,
    storageKey,
    delayMs: TIMELINE_AUTOSAVE_MS,
    getText: () => textRef.current,
    save: (content, revision, { keepalive, saveId }) => saveWeek(client, planId, week.key, content, revision, saveId, keepalive),
    conflictOf: staleWeek,
    onError: (error) => console.warn(`[planning] saving ${week.key} failed`, error),
  });
  const { status } = entry;

  // The server's text is known from the timeline's one load; a local draft it lacks wins and is
  // saved. Text typed before this started is newer than both: it stays, and is saved.
  useEffect(() => {
    const shown = entry.start(item?.content ?? '', item?.revision);
    saver.current = entry;
    if (edited.current) entry.changed();
    else {
      textRef.current = shown;
      show(shown);
    }
    const flushes = waiting.current.splice(0);
    if (flushes.length > 0) void entry.flush().then((saved) => flushes.forEach((resolve) => resolve(saved)));
    return () => {
      if (saver.current === entry) saver.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per controller: later answers come through the autosave
  }, [entry.autosave]);

  return (
    <>
      {status.conflict && (
        <ConflictPanel
          subject="week"
          mine={status.conflict.mine}
          theirs={status.conflict.theirs}
          theirsRevision={status.conflict.theirsBase}
          currentMine={() => textRef.current}
          onKeepMine={() => void entry.keepMine()}
          onTakeTheirs={() => {
            const theirs = entry.takeTheirs();
            if (theirs !== null) {
              textRef.current = theirs;
              show(theirs);
            }
          }}
        />
      )}
      <footer className="week-foot">
        <span className="week-status" role="status" data-state={status.state}>
          {status.text}
        </span>
        {children}
      </footer>
    </>
  );
}
