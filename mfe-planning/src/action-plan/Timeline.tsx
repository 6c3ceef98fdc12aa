import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Milestone, TimelineItem } from '@cc/contracts/planning';
import { WeekBlock, type WeekHandle } from './WeekBlock';
import { carryOver, milestonesByWeek, type TimelineWeek } from './weeks';

export interface TimelineProps {
  planId: number;
  weeks: readonly TimelineWeek[];
  items: ReadonlyMap<string, TimelineItem>;
  outcomes: ReadonlyMap<string, string>;
  milestones: readonly Milestone[];
  onPlanWithAi: (week: TimelineWeek) => void;
  /** The blocks, by week key (for the AI plan and carry-over, which write into them). */
  blocks: Map<string, WeekHandle>;
}

const NONE: readonly Milestone[] = [];

/** The 53 weekly blocks in a row, the current week highlighted and scrolled to the centre. */
export function Timeline({ planId, weeks, items, outcomes, milestones, onPlanWithAi, blocks }: TimelineProps) {
  const scrollerRef = useRef<HTMLOListElement>(null);
  const [centred, setCentred] = useState(false);
  const byWeek = useMemo(() => milestonesByWeek(milestones), [milestones]);
  const current = weeks.find((w) => w.current)?.key;

  // Before paint: the user never sees the timeline at its first week.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const block = scroller?.querySelector<HTMLElement>('[data-current="true"]');
    if (!scroller || !block) return;
    scroller.scrollLeft = block.offsetLeft - scroller.offsetLeft - (scroller.clientWidth - block.offsetWidth) / 2;
    setCentred(true);
  }, [current]);

  const onCarryOver = useCallback(
    (week: TimelineWeek) => {
      const from = blocks.get(week.key);
      const to = current ? blocks.get(current) : undefined;
      if (!from || !to) return;
      const moved = carryOver(from.getText(), to.getText());
      if (moved.moved === 0) return;
      to.replace(moved.current);
      from.replace(moved.past);
    },
    [blocks, current],
  );

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
    <ol
      className="timeline"
      ref={scrollerRef}
      data-testid="timeline"
      data-centred={centred ? 'true' : 'false'}
      aria-label="Weekly action plan"
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
        />
      ))}
    </ol>
  );
}
