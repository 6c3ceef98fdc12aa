import { useEffect, type RefObject } from 'react';

/**
 * The item an address names (`?todo=`, `?milestone=`, `?week=`): scrolled to the middle of the
 * window and given the focus (without a second scroll), once per visit that names it, so a link
 * followed again from the same page (a new `visit`) shows it again. Rows below a long list's
 * first steps mount later: the effect runs when the row does.
 */
export function useHighlight(ref: RefObject<HTMLElement | null>, visit: string | null): void {
  useEffect(() => {
    const element = ref.current;
    if (visit === null || !element) return;
    const show = () => element.scrollIntoView?.({ block: 'center', inline: 'nearest' });
    show();
    element.focus({ preventScroll: true });
    // Rows above it that skip layout (content-visibility) take their real height as they come
    // into view: a second look after they have puts it back in the middle.
    const frame = requestAnimationFrame(() => requestAnimationFrame(show));
    return () => cancelAnimationFrame(frame);
  }, [ref, visit]);
}
