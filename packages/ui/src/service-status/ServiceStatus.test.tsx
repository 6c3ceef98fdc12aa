/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { ApiError } from '@cc/client';
import { ServiceStatus, useServiceCall } from './index';

function Harness({ call }: { call: (signal: AbortSignal) => Promise<number> }) {
  const state = useServiceCall(call);
  return <ServiceStatus label="People service" state={state} describe={(n) => `${n} people`} />;
}

describe('ServiceStatus with useServiceCall', () => {
  it('says "checking…", then describes the answer', async () => {
    render(<Harness call={() => Promise.resolve(3)} />);
    expect(screen.getByTestId('service-status').textContent).toBe('People service: checking…');
    expect(await screen.findByText('People service: 3 people')).toBeTruthy();
    expect(screen.getByTestId('service-status').dataset.state).toBe('ok');
  });

  it('shows a 501 in the calm "not implemented" tone', async () => {
    render(<Harness call={() => Promise.reject(new ApiError(501, ['Not built yet']))} />);
    const line = await screen.findByText('People service: Not built yet');
    expect(line.dataset.state).toBe('not-implemented');
  });
});
