import { describe, expect, it } from '@jest/globals';
import { asList, openLines } from './carryForward';

describe('what the last meeting left open', () => {
  it('keeps written lines that are not ticked done, without their bullets', () => {
    const text =
      '## Follow-ups\n- [x] Sent the deck\n- [ ] Book the budget review\n* Ask Ada about hiring\n✓ Shared notes\nCall finance (done)\n\n';
    expect(openLines(text)).toEqual(['Book the budget review', 'Ask Ada about hiring']);
    expect(asList(openLines(text))).toBe('- Book the budget review\n- Ask Ada about hiring');
  });
});
