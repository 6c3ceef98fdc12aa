/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { ScoreDonut } from './ScoreDonut';

describe('score donut', () => {
  it.each([
    [0, 'red'],
    [39, 'red'],
    [40, 'yellow'],
    [69, 'yellow'],
    [70, 'green'],
    [100, 'green'],
  ])('a score of %i is %s', (score, colour) => {
    render(<ScoreDonut score={score} />);
    const donut = screen.getByRole('img', { name: `Score ${score} out of 100` });
    expect(donut.getAttribute('data-colour')).toBe(colour);
    expect(donut.getAttribute('class')).toContain(`coaching-score-${colour}`);
    expect(donut.textContent).toBe(String(score));
  });

  it('is grey with a dash before the first score', () => {
    render(<ScoreDonut score={null} />);
    const donut = screen.getByRole('img', { name: 'Not scored yet' });
    expect(donut.getAttribute('data-colour')).toBe('none');
    expect(donut.textContent).toBe('–');
  });
});
