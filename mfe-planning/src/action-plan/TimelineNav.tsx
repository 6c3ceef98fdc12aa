import { memo, useEffect, useMemo, useState, type MouseEvent, type RefObject } from 'react';
import type { Milestone } from '@cc/contracts/planning';
import { formatDay } from '@cc/contracts/dates';
import type { CarryNotice } from './Timeline';
import { monthsOf, plainAction, weekSpan, type TimelineWeek } from './weeks';
import './timeline-nav.css';

export interface TimelineNavProps {
  weeks: readonly TimelineWeek[];
  scrollerRef: RefObject<HTMLOListElement | null>;
  milestones: ReadonlyMap<string, Milestone[]>;
  /** Open actions by week key. */
  open: ReadonlyMap<string, number>;
  onJump: (weekKey: string) => void;
  notice: CarryNotice | null;
  onDismissNotice: () => void;
}

interface View {
  first: number;
  last: number;
  atStart: boolean;
  atEnd: boolean;
}

/** The weeks whose middle is in the scroller's view (their indices), and whether it can scroll further. */
function measure(scroller: HTMLElement, count: number): View | null {
  const blocks = scroller.children as HTMLCollectionOf<HTMLElement>;
  if (blocks.length < 2) return null;
  const width = blocks[0]!.offsetWidth;
  const stride = blocks[1]!.offsetLeft - blocks[0]!.offsetLeft;
  if (stride <= 0) return null;
  const pad = blocks[0]!.offsetLeft - scroller.offsetLeft;
  const left = scroller.scrollLeft;
  const first = Math.max(0, Math.ceil((left - width / 2 - pad) / stride));
  const last = Math.min(count - 1, Math.max(first, Math.floor((left + scroller.clientWidth - width / 2 - pad) / stride)));
  return { first, last, atStart: left <= 1, atEnd: left + scroller.clientWidth >= scroller.scrollWidth - 1 };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What makes the 53 weeks browsable: earlier and later by a screenful, a jump back to this week,
 * the weeks in view, and an overview of the whole timeline by month: each week a cell (this
 * week outlined, the weeks in view marked, a filled cell when it has open actions, ◆ when a
 * milestone is due that week). A month's button goes to its first week; a click on a cell goes
 * to that week. The last carry-over is said here too. Memoised: the timeline's own re-renders
 * (centred, a week marked) leave its 53 cells alone.
 */
export const TimelineNav = memo(function TimelineNav({
  weeks,
  scrollerRef,
  milestones,
  open,
  onJump,
  notice,
  onDismissNotice,
}: TimelineNavProps) {
  const [view, setView] = useState<View>({ first: 0, last: 0, atStart: true, atEnd: false });
  const months = useMemo(() => monthsOf(weeks), [weeks]);
  const current = weeks.find((w) => w.current);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = measure(scroller, weeks.length);
      if (next)
        setView((v) => (v.first === next.first && v.last === next.last && v.atStart === next.atStart && v.atEnd === next.atEnd ? v : next));
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    scroller.addEventListener('scroll', soon, { passive: true });
    window.addEventListener('resize', soon);
    return () => {
      scroller.removeEventListener('scroll', soon);
      window.removeEventListener('resize', soon);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [scrollerRef, weeks.length]);

  const page = (direction: 1 | -1) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const block = scroller.children[0] as HTMLElement | undefined;
    const distance = Math.max(scroller.clientWidth - (block?.offsetWidth ?? 0), block?.offsetWidth ?? 200);
    if (typeof scroller.scrollBy === 'function') scroller.scrollBy({ left: direction * distance, behavior: 'smooth' });
    else scroller.scrollLeft += direction * distance;
  };

  const onMonthClick = (event: MouseEvent<HTMLButtonElement>, firstWeek: string) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-cell]');
    onJump(cell?.dataset.cell ?? firstWeek);
  };

  const firstShown = weeks[view.first];
  const lastShown = weeks[view.last];
  return (
    <div className="timeline-nav" data-testid="timeline-nav">
      <div className="timeline-controls">
        <button type="button" className="button button-small" onClick={() => page(-1)} disabled={view.atStart}>
          <span aria-hidden="true">‹ </span>Earlier
        </button>
        <button type="button" className="button button-small" onClick={() => current && onJump(current.key)}>
          This week
        </button>
        <button type="button" className="button button-small" onClick={() => page(1)} disabled={view.atEnd}>
          Later<span aria-hidden="true"> ›</span>
        </button>
        {firstShown && lastShown && (
          <span className="timeline-range" data-testid="timeline-range">
            {firstShown === lastShown
              ? `Week ${firstShown.number} (${formatDay(firstShown.first)} – ${formatDay(firstShown.last)})`
              : `Weeks ${firstShown.number}–${lastShown.number} (${formatDay(firstShown.first)} – ${formatDay(lastShown.last)})`}
          </span>
        )}
      </div>
      <ol className="timeline-overview" aria-label="The timeline by month">
        {months.map((month) => {
          const due = month.weeks.flatMap((w) => milestones.get(w.week.key) ?? []);
          const actions = month.weeks.reduce((sum, w) => sum + (open.get(w.week.key) ?? 0), 0);
          const inView = month.weeks.some((w) => w.index >= view.first && w.index <= view.last);
          const details = [
            weekSpan(month.weeks[0]!.week.number, month.weeks.at(-1)!.week.number),
            actions > 0 ? plural(actions, 'open action') : 'nothing planned',
            ...(due.length > 0 ? [`${plural(due.length, 'milestone')}: ${due.map((m) => m.title).join(', ')}`] : []),
          ].join(', ');
          return (
            <li key={month.key} className="overview-month" data-in-view={inView ? 'true' : undefined}>
              <button
                type="button"
                className="overview-button"
                onClick={(e) => onMonthClick(e, month.weeks[0]!.week.key)}
                data-testid="overview-month"
                data-month={month.key}
              >
                <span className="overview-label">
                  {month.label}
                  <span className="visually-hidden">{`: ${details}`}</span>
                </span>
                <span className="overview-weeks" aria-hidden="true">
                  {month.weeks.map(({ week, index }) => {
                    const ms = milestones.get(week.key) ?? [];
                    const count = open.get(week.key) ?? 0;
                    return (
                      <span
                        key={week.key}
                        className="overview-week"
                        data-cell={week.key}
                        data-current={week.current ? 'true' : undefined}
                        data-in-view={index >= view.first && index <= view.last ? 'true' : undefined}
                        data-planned={count > 0 ? 'true' : undefined}
                        data-milestone={ms.length > 0 ? 'true' : undefined}
                        title={[
                          week.label,
                          count > 0 ? plural(count, 'open action') : '',
                          ...ms.map((m) => `◆ ${m.title} (target ${formatDay(m.target_date)})`),
                        ]
                          .filter(Boolean)
                          .join('\n')}
                      >
                        {ms.length > 0 ? '◆' : ''}
                      </span>
                    );
                  })}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      {notice && (
        <div className="timeline-notice" role="status" data-testid="carry-notice">
          <p>
            {notice.moved.length > 0 ? (
              <>
                Moved {plural(notice.moved.length, 'unfinished action')} from Week {notice.from.number} ({notice.from.dates}) to this week,
                Week {notice.to.number}: {notice.moved.map((line) => `“${plainAction(line)}”`).join(', ')}.
              </>
            ) : (
              <>
                Week {notice.to.number} already lists the unfinished actions of Week {notice.from.number}.
              </>
            )}
            {notice.already > 0 &&
              notice.moved.length > 0 &&
              ` ${plural(notice.already, 'other was', 'others were')} already listed this week.`}
          </p>
          <button type="button" className="button button-small" onClick={() => onJump(notice.to.key)}>
            Show this week
          </button>
          <button type="button" className="button button-small button-quiet" onClick={onDismissNotice}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
});
