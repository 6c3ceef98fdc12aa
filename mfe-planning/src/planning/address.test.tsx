/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { milestoneAddress, todoAddress } from '@cc/contracts/addresses';
import { milestone, todo } from '../testing/fixtures';
import { openPlanning as open, servePlanning } from '../testing/page';

const todos = Array.from({ length: 60 }, (_, i) => todo({ id: 100 + i, title: `Todo number ${i}` }));
const milestones = [milestone({ id: 7, title: 'Lead the launch' }), milestone({ id: 8, title: 'Get promoted' })];

servePlanning(() => ({
  'GET /planning/todos': () => ({ success: true, todos }),
  'GET /planning/milestones': () => ({ success: true, milestones }),
}));

describe('planning addresses', () => {
  it('a todo address opens All todos with that todo scrolled to, highlighted and focused (even past the first rows)', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    open(todoAddress(155));
    await waitFor(() => expect(document.querySelector('[data-highlighted="true"]')).not.toBeNull());
    const row = document.querySelector<HTMLElement>('[data-highlighted="true"]')!;
    expect(row.dataset.id).toBe('155');
    expect(row.textContent).toContain('Todo number 55');
    expect(scrolled).toContain(row);
    expect(document.activeElement).toBe(row);
    expect(document.querySelectorAll('[data-highlighted="true"]')).toHaveLength(1);
    expect(screen.queryByTestId('address-missing')).toBeNull();
  });

  it('a milestone address opens Milestones with that card highlighted', async () => {
    Element.prototype.scrollIntoView = () => {};
    open(milestoneAddress(8));
    await waitFor(() => expect(document.querySelector('[data-highlighted="true"]')).not.toBeNull());
    const card = document.querySelector<HTMLElement>('[data-highlighted="true"]')!;
    expect(card.dataset.testid).toBe('milestone-card');
    expect(card.textContent).toContain('Get promoted');
  });

  it('says so when the todo or milestone named is not there any more', async () => {
    Element.prototype.scrollIntoView = () => {};
    open(todoAddress(999));
    expect((await screen.findByTestId('address-missing')).textContent).toContain('not in your todos any more');
    expect(document.querySelector('[data-highlighted="true"]')).toBeNull();
  });
});
