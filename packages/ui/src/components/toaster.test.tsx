import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, useToasts } from './toast.ts';
import { Toaster } from './toaster.tsx';

afterEach(() => {
  toast.clear();
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('shows each type of toast in a bottom-right region', () => {
    render(<Toaster />);

    act(() => {
      toast.success('Successfully signed out');
      toast.error('Error signing out, please try again');
      toast.warning('Check the dates');
    });

    const region = screen.getByRole('region');
    expect(region.querySelector('[data-slot="toaster"]')).toHaveClass('fixed', 'right-0', 'bottom-0');
    const toasts = Array.from(document.querySelectorAll('[data-slot="toast"]'));
    expect(toasts.map((el) => el.getAttribute('data-type'))).toEqual(['success', 'error', 'warning']);
    expect(screen.getByText('Error signing out, please try again')).toBeInTheDocument();
  });

  it('closes a toast after 3500 ms by default', () => {
    vi.useFakeTimers();
    render(<Toaster />);

    act(() => {
      toast.success('Saved');
    });
    act(() => {
      vi.advanceTimersByTime(3400);
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });

    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('keeps a toast for the duration it was given', () => {
    vi.useFakeTimers();
    render(<Toaster />);

    act(() => {
      toast.success('Successfully signed out', { duration: 5000 });
    });
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByText('Successfully signed out')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });

    expect(screen.queryByText('Successfully signed out')).not.toBeInTheDocument();
  });

  it('closes a toast dismissed by code at once, not when it leaves the list', () => {
    render(<Toaster />);
    let id = 0;
    act(() => {
      id = toast.success('Export ready');
    });
    expect(screen.getByText('Export ready')).toBeInTheDocument();

    act(() => toast.dismiss(id));

    // jsdom runs no animation, so the closed toast unmounts at once (a browser plays the fade first),
    // while the list still holds it for its closing animation's time.
    expect(screen.queryByText('Export ready')).not.toBeInTheDocument();
    expect(renderHook(() => useToasts()).result.current.map(({ id, open }) => ({ id, open }))).toEqual([
      { id, open: false },
    ]);
  });

  it('closes from its close button', async () => {
    render(<Toaster />);
    act(() => {
      toast.warning('Careful');
    });

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    expect(screen.queryByText('Careful')).not.toBeInTheDocument();
  });
});
