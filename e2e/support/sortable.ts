import { expect, type Locator, type Page } from '@playwright/test';

// Reordering with dnd-kit's keyboard way (@cc/ui/sortable): Space on a focused grip picks the
// item up, an arrow key moves it, Space drops it. Right after drag and drop loads, the list may
// still be attaching its listeners and measuring, as a person would never notice: each step
// presses again only while nothing happened yet.

/** Picks the item up (dnd-kit marks the grip aria-pressed). */
export async function pickUp(page: Page, grip: Locator): Promise<void> {
  await expect(async () => {
    if ((await grip.getAttribute('aria-pressed')) !== 'true') {
      await grip.focus();
      await page.keyboard.press('Space');
    }
    await expect(grip).toHaveAttribute('aria-pressed', 'true', { timeout: 500 });
  }).toPass({ timeout: 5000 });
}

/** Moves the picked-up item with `key` until the live region says `said`. */
export async function moveUntil(page: Page, key: 'ArrowUp' | 'ArrowDown', said: Locator): Promise<void> {
  await expect(async () => {
    if ((await said.count()) === 0) await page.keyboard.press(key);
    await expect(said).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 5000 });
}

/**
 * Drops the picked-up item (Space) and waits until it is really dropped (the grip no longer
 * pressed). A Space pressed while dnd-kit is still attaching its keyboard listeners is lost: the
 * item would stay picked up, and a pointer drag after it would move nothing.
 */
export async function drop(page: Page, grip: Locator): Promise<void> {
  await expect(async () => {
    if ((await grip.getAttribute('aria-pressed')) === 'true') await page.keyboard.press('Space');
    await expect(grip).not.toHaveAttribute('aria-pressed', 'true', { timeout: 1000 });
  }).toPass({ timeout: 5000 });
}
