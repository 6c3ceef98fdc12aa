import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { Milestone, TimelineItem } from '@cc/contracts/planning';
import { useLocation, useNavigate } from '@cc/ui/router';
import { followInAppLink } from '../shared/inAppLinks';
import { TimelineNav } from './TimelineNav';
import { WeekBlock, type WeekHandle } from './WeekBlock';
import { carryOver, milestonesByWeek, openActionCount, type TimelineWeek } from './weeks';

export interface TimelineProps {
  planId: number;
  weeks: readonly TimelineWeek[];
  items: ReadonlyMap<string, TimelineItem>;
  outcomes: ReadonlyMap<string, string>;
  milestones: readonly Milestone[];
  onPlanWithAi: (week: TimelineWeek) => void;
  /** The blocks, by week key (for the AI plan and carry-over, which write into them). */
  blocks: Map<string, WeekHandle>;
  /** The week the address names (`?week=YYYY-Www`), centred instead of the current one, and the visit that named it. */
  focusWeek?: string | null;
  visit?: string;
}

/** What the last carry-over did, said above the timeline until the next one or until dismissed. */
export interface CarryNotice {
  from: TimelineWeek;
  to: TimelineWeek;
  moved: string[];
  already: number;
}

const NONE: readonly Milestone[] = [];

/** Left edge that puts `block` in the middle of `scroller`. */
const centreOf = (scroller: HTMLElement, block: HTMLElement) =>
  block.offsetLeft - scroller.offsetLeft - (scroller.clientWidth - block.offsetWidth) / 2;

/**
 * The 53 weekly blocks in a row, the current week (or the week the address names) highlighted
 * and scrolled to the centre. Above them: earlier / this week / later, and an overview of the
 * 53 weeks by month (the weeks in view marked, milestones on their weeks, weeks with open
 * actions), each week a click away.
 */
export function Timeline({ planId, weeks, items, outcomes, milestones, onPlanWithAi, blocks, focusWeek = null, visit }: TimelineProps) {
  const scrollerRef = useRef<HTMLOListElement>(null);
  const [centred, setCentred] = useState(false);
  const [notice, setNotice] = useState<CarryNotice | null>(null);
  const [flash, setFlash] = useState<{ key: string; n: number } | null>(null);
  const byWeek = useMemo(() => milestonesByWeek(milestones), [milestones]);
  const current = weeks.find((w) => w.current)?.key;
  const focus = focusWeek && weeks.some((w) => w.key === focusWeek) ? focusWeek : null;
  const [open, setOpen] = useState<ReadonlyMap<string, number>>(
    () => new Map([...items.values()].map((item) => [item.period_key, openActionCount(item.content)])),
  );

  const scrollToWeek = useCallback((key: string, smooth = true) => {
    const scroller = scrollerRef.current;
    const block = scroller?.querySelector<HTMLElement>(`[data-week="${key}"]`);
    if (!scroller || !block) return;
    const left = centreOf(scroller, block);
    if (smooth && typeof scroller.scrollTo === 'function') scroller.scrollTo({ left, behavior: 'smooth' });
    else scroller.scrollLeft = left;
  }, []);

  // Before paint: the user never sees the timeline at its first week.
  useLayoutEffect(() => {
    scrollToWeek(focus ?? current ?? '', false);
    setCentred(true);
  }, [current, focus, visit, scrollToWeek]);

  // The addressed week is marked until another is; the page scrolls to the timeline too.
  useEffect(() => {
    if (!focus) return;
    setFlash((f) => ({ key: focus, n: (f?.n ?? 0) + 1 }));
    scrollerRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [focus, visit]);

  const onCarryOver = useCallback(
    (week: TimelineWeek) => {
      const from = blocks.get(week.key);
      const target = weeks.find((w) => w.current);
      const to = target ? blocks.get(target.key) : undefined;
      if (!from || !to || !target) return;
      const result = carryOver(from.getText(), to.getText());
      if (result.moved === 0) return;
      to.replace(result.current);
      from.replace(result.past);
      setNotice({ from: week, to: target, moved: result.added, already: result.moved - result.added.length });
      setFlash((f) => ({ key: target.key, n: (f?.n ?? 0) + 1 }));
      scrollToWeek(target.key);
    },
    [blocks, weeks, scrollToWeek],
  );

  const onDismissNotice = useCallback(() => setNotice(null), []);

  // The weeks' milestone links are plain anchors: a plain click is the router's navigation.
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const onClick = (event: MouseEvent<HTMLOListElement>) => void followInAppLink(event, navigate, here);

  const onOpenCount = useCallback((key: string, count: number) => {
    setOpen((known) => (known.get(key) === count ? known : new Map(known).set(key, count)));
  }, []);

  // One ref callback per week, kept: a new one each render would re-render every (memoised) block.
  const refs = useRef(new Map<string, (handle: WeekHandle | null) => void>());
  const register = (key: string) => {
    let callback = refs.current.get(key);
    if (!callback) {
      callback = (handle) => {
        if (handle) blocks.set(key, handle);
        else blocks.delete(key);
      };
      refs.current.set(key, callback);
    }
    return callback;
  };

  return (
    <div className="timeline-area">
      <TimelineNav
        weeks={weeks}
        scrollerRef={scrollerRef}
        milestones={byWeek}
        open={open}
        onJump={scrollToWeek}
        notice={notice}
        onDismissNotice={onDismissNotice}
      />
      <ol
        className="timeline"
        ref={scrollerRef}
        data-testid="timeline"
        data-centred={centred ? 'true' : 'false'}
        aria-label="Weekly action plan"
        tabIndex={0}
        onClick={onClick}
      >
        {weeks.map((week) => (
          <WeekBlock
            key={week.key}
            ref={register(week.key)}
            planId={planId}
            week={week}
            item={items.get(week.key)}
            outcomes={outcomes.get(week.key) ?? items.get(week.key)?.outcomes ?? ''}
            milestones={byWeek.get(week.key) ?? NONE}
            onPlanWithAi={onPlanWithAi}
            onCarryOver={onCarryOver}
            onOpenCount={onOpenCount}
            flash={flash?.key === week.key ? flash.n : 0}
          />
        ))}
      </ol>
    </div>
  );
}
