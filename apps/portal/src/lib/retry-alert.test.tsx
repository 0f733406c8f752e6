import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RetryAlert } from './retry-alert.tsx';

describe('RetryAlert', () => {
  it('announces what failed and tries again on request', async () => {
    const onRetry = vi.fn();
    render(
      <RetryAlert retryLabel="Try again" onRetry={onRetry}>
        We couldn't load the goals.
      </RetryAlert>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't load the goals.");
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers no button when there is nothing to try again', () => {
    render(<RetryAlert retryLabel="Try again">The document failed.</RetryAlert>);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
