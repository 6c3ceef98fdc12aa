import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The browser's own prompt, confirm and alert must never open: each one is recorded (and
 * dismissed, so the page goes on); the returned check fails the test if any did.
 */
export function forbidNativeDialogs(page: Page): () => void {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return () => expect(opened, 'the browser opened its own dialog').toEqual([]);
}

/** The in-app dialog named `title`. */
export const inAppDialog = (page: Page, title: string): Locator => page.getByRole('dialog', { name: title });

/** Answers an in-app prompt: types into the field labelled `label` and presses Enter. */
export async function answerPrompt(page: Page, title: string, label: string, text: string): Promise<void> {
  const field = inAppDialog(page, title).getByLabel(label, { exact: true });
  await field.fill(text);
  await field.press('Enter');
  await expect(field).toHaveCount(0);
}

/** The backdrops that dim the page: one, however many dialogs are open. */
export const dimmingBackdrops = (page: Page) =>
  page
    .locator('[data-testid="cc-modal-backdrop"]')
    .evaluateAll((all) => all.filter((b) => getComputedStyle(b).backgroundColor !== 'rgba(0, 0, 0, 0)').length);
