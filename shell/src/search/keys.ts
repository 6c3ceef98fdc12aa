/** ⌘ on Apple keyboards, Ctrl elsewhere: the shortcut shown is the one the user presses. */
export function modifierLabel(): string {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const platform = (nav as { userAgentData?: { platform?: string } } | undefined)?.userAgentData?.platform ?? nav?.platform ?? '';
  return /mac|iphone|ipad/i.test(platform) ? '⌘' : 'Ctrl';
}

/** Ctrl-K or ⌘-K, and nothing more (Ctrl-Shift-K is the browser's or the editor's). */
export const isPaletteShortcut = (event: KeyboardEvent): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
