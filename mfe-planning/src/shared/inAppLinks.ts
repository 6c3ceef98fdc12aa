import type { MouseEvent } from 'react';
import type { useNavigate } from '@cc/ui/router';

/** A path of this app (`/planning/…`), which the router shows; anything else is the browser's to follow. */
const isInAppPath = (href: string) => href.startsWith('/') && !href.startsWith('//');

/**
 * A click on a plain anchor of a long list (its real href, no router Link and its hooks per
 * link), answered by the list: a plain click or Enter on an in-app link is the router's
 * navigation, as a router Link does (the address already shown is replaced, not pushed again); a
 * middle click, a modified click or "open in a new tab" are the browser's, as on any link.
 * `here` is the address shown (path, search and hash). True when the router navigated.
 */
export function followInAppLink(event: MouseEvent<Element>, navigate: ReturnType<typeof useNavigate>, here: string): boolean {
  const link = (event.target as Element).closest?.('a[href]');
  const href = link?.getAttribute('href');
  if (!href || !isInAppPath(href) || event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
  event.preventDefault();
  navigate(href, { replace: href === here });
  return true;
}
