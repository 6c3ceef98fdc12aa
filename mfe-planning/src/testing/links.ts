import { fireEvent } from '@testing-library/react';

/**
 * Clicks `link` with Ctrl, Meta, Shift, the middle button, then plainly, and says for each
 * whether the page left it to the browser (not prevented after React's handlers; jsdom follows
 * no link itself). An in-app link of a long list: [true, true, true, true, false].
 */
export function clicksLeftToBrowser(link: Element): boolean[] {
  const left: boolean[] = [];
  const watch = (event: MouseEvent) => {
    left.push(!event.defaultPrevented);
    event.preventDefault();
  };
  document.addEventListener('click', watch);
  try {
    for (const click of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }, {}]) fireEvent.click(link, click);
  } finally {
    document.removeEventListener('click', watch);
  }
  return left;
}
