import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@waratah/sdk';
import { describe, expect, it, vi } from 'vitest';
import { RetryAlert } from './retry-alert.tsx';

describe('RetryAlert', { timeout: 20_000 }, () => {
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

  it('waits, disabled, until the time the server gave, and says for how long once', async () => {
    const onRetry = vi.fn();
    render(
      <RetryAlert retryLabel="Try again" onRetry={onRetry} retryAt={Date.now() + 3000}>
        Busy.
      </RetryAlert>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Busy. You can try again in 3 seconds.');
    const button = screen.getByRole('button', { name: 'Try again' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.setup().click(button);
    expect(onRetry).not.toHaveBeenCalled();

    await vi.waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'), { timeout: 8000 });
    expect(screen.getByRole('alert')).not.toHaveTextContent('You can try again');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers the button at once when the time the server gave has passed', () => {
    render(
      <RetryAlert retryLabel="Try again" onRetry={vi.fn()} retryAt={Date.now() - 1}>
        Busy.
      </RetryAlert>,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('alert')).not.toHaveTextContent('You can try again');
  });

  it('waits for the latest Retry-After among the errors of what failed', () => {
    const busy = (seconds: number) =>
      new ApiError({
        status: 503,
        code: 'unavailable',
        message: 'Busy',
        retryAt: Date.now() + seconds * 1000,
      });
    render(
      <RetryAlert retryLabel="Try again" onRetry={vi.fn()} errors={[busy(30), null, busy(120)]}>
        Busy.
      </RetryAlert>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Busy. You can try again in 2 minutes.');
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('offers no button when there is nothing to try again', () => {
    render(<RetryAlert retryLabel="Try again">The document failed.</RetryAlert>);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
