import { useLayoutEffect, useRef } from 'react';

export const TEXTAREA_MIN_PX = 40;
export const TEXTAREA_MAX_PX = 120;

/** Fits the textarea to its text, from 40 to 120 px; past that it scrolls. */
export function resizeTextarea(el: HTMLTextAreaElement | null) {
  if (!el) return;
  if (el.value === '') {
    // Empty: the minimum (a wrapped placeholder must not make it grow).
    el.style.height = `${TEXTAREA_MIN_PX}px`;
    el.style.overflowY = 'hidden';
    return;
  }
  el.style.height = 'auto';
  // scrollHeight leaves the borders out; with border-box sizing the height includes them.
  const borders =
    typeof getComputedStyle === 'function' && getComputedStyle(el).boxSizing === 'border-box' ? el.offsetHeight - el.clientHeight : 0;
  const full = el.scrollHeight + Math.max(0, borders);
  el.style.height = `${Math.min(TEXTAREA_MAX_PX, Math.max(TEXTAREA_MIN_PX, full))}px`;
  el.style.overflowY = full > TEXTAREA_MAX_PX ? 'auto' : 'hidden';
}

/**
 * A ref for a textarea that grows with its content. It is resized again whenever `value`
 * changes, so text set from outside (e.g. cleared after sending) fits as well.
 */
export function useAutosizeTextarea(value: string) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => resizeTextarea(ref.current), [value]);
  return ref;
}
