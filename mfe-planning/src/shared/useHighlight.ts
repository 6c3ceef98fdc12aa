import { useEffect, useRef, type RefObject } from 'react';

/**
 * Scrolls `element` to the middle of the window and gives it the focus (without a second scroll).
 * Rows above it that skip layout (content-visibility) take their real height as they come into
 * view: a second look after they have puts it back in the middle. Answers the cancel of that look.
 */
function showAndFocus(element: HTMLElement): () => void {
  const show = () => element.scrollIntoView?.({ block: 'center', inline: 'nearest' });
  show();
  element.focus({ preventScroll: true });
  const frame = requestAnimationFrame(() => requestAnimationFrame(show));
  return () => cancelAnimationFrame(frame);
}

/**
 * The item an address names (`?todo=`, `?milestone=`, `?week=`): scrolled to the middle of the
 * window and given the focus, once per visit that names it, so a link followed again from the
 * same page (a new `visit`) shows it again. Rows below a long list's first steps mount later: the
 * effect runs when the row does.
 */
export function useHighlight(ref: RefObject<HTMLElement | null>, visit: string | null): void {
  useEffect(() => {
    const element = ref.current;
    if (visit === null || !element) return;
    return showAndFocus(element);
  }, [ref, visit]);
}

/**
 * The same for a row a list finds itself (`find`, e.g. by its `data-id`), so that its rows need
 * no hook each: looked for after every render of the list until it is there (a row below a long
 * list's first rows mounts with a later step), then shown once per visit.
 */
export function useHighlightWithin(find: () => HTMLElement | null | undefined, visit: string | null): void {
  const shownFor = useRef<string | null>(null);
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (visit === null || shownFor.current === visit) return;
    const element = find();
    if (!element) return;
    shownFor.current = visit;
    cancel.current?.();
    cancel.current = showAndFocus(element);
  });
  useEffect(() => () => cancel.current?.(), []);
}
