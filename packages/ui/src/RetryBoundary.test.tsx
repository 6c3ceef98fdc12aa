/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { RetryBoundary } from './RetryBoundary';

let broken = true;
function Flaky() {
  if (broken) throw new Error('chunk failed');
  return <p>Loaded</p>;
}

describe('RetryBoundary', () => {
  it('shows the fallback on an error and the children again after Retry', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const onRetry = jest.fn(() => {
      broken = false;
    });
    render(
      <RetryBoundary name="[test] the panel" onRetry={onRetry} fallback={(retry) => <button onClick={retry}>Retry</button>}>
        <Flaky />
      </RetryBoundary>,
    );
    expect(errors.mock.calls.some(([first]) => first === '[test] the panel failed')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Loaded')).toBeTruthy();
    errors.mockRestore();
  });
});
