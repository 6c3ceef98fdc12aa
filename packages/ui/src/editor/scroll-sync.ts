/**
 * The editor and its preview scroll together, proportionally: the same share of each is
 * scrolled past. The editor's scroller changes (a textarea until CodeMirror has loaded), so
 * it is looked up on each event; scroll events are caught on the way down (they do not bubble).
 */

export interface ScrollSide {
  /** Where to listen: the element itself or an ancestor of the scroller. */
  host: HTMLElement;
  scroller(): HTMLElement | null;
}

/** The share scrolled past (0 to 1). */
export function scrollRatio(el: HTMLElement): number {
  const room = el.scrollHeight - el.clientHeight;
  return room > 0 ? Math.min(1, Math.max(0, el.scrollTop / room)) : 0;
}

/** The scroll position of `el` for a share (clamped to what it can scroll). */
export function scrollTopFor(el: HTMLElement, ratio: number): number {
  return Math.round(Math.max(0, el.scrollHeight - el.clientHeight) * ratio);
}

/** Scrolls `to` to the share `from` is at; returns the position set (null: nothing to do). */
export function alignScroll(from: HTMLElement, to: HTMLElement): number | null {
  const top = scrollTopFor(to, scrollRatio(from));
  if (Math.abs(to.scrollTop - top) < 1) return null;
  to.scrollTop = top;
  return top;
}

/**
 * Keeps two sides scrolled alike while `enabled()`; `onRatio` hears the share the user
 * scrolled either side to (also while not enabled). Returns the function that stops it.
 */
export function syncScroll(a: ScrollSide, b: ScrollSide, enabled: () => boolean, onRatio?: (ratio: number) => void): () => void {
  /** The position we set on a scroller: its own scroll event for it is not the user's. */
  const echoes = new WeakMap<HTMLElement, number>();
  const follow = (from: ScrollSide, to: ScrollSide) => (event: Event) => {
    const source = from.scroller();
    if (!source || event.target !== source) return;
    const echo = echoes.get(source);
    if (echo !== undefined) {
      echoes.delete(source);
      if (Math.abs(source.scrollTop - echo) <= 1) return;
    }
    onRatio?.(scrollRatio(source));
    if (!enabled()) return;
    const target = to.scroller();
    if (!target) return;
    const set = alignScroll(source, target);
    if (set !== null) echoes.set(target, target.scrollTop);
  };
  const onA = follow(a, b);
  const onB = follow(b, a);
  a.host.addEventListener('scroll', onA, true);
  b.host.addEventListener('scroll', onB, true);
  return () => {
    a.host.removeEventListener('scroll', onA, true);
    b.host.removeEventListener('scroll', onB, true);
  };
}
