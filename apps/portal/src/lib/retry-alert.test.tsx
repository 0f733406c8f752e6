import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    const waitNote = vi.fn((seconds: number) => `You can try again in ${seconds} seconds.`);
    render(
      <RetryAlert retryLabel="Try again" onRetry={onRetry} retryAt={Date.now() + 3000} waitNote={waitNote}>
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
    expect(waitNote).toHaveBeenCalledOnce();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers the button at once when the time the server gave has passed', () => {
    render(
      <RetryAlert retryLabel="Try again" onRetry={vi.fn()} retryAt={Date.now() - 1} waitNote={() => 'Wait.'}>
        Busy.
      </RetryAlert>,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Wait.');
  });

  it('offers no button when there is nothing to try again', () => {
    render(<RetryAlert retryLabel="Try again">The document failed.</RetryAlert>);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
