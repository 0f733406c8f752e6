import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DEFAULT_DURATION, TOAST_EXIT_MS, toast, useToasts } from './toast.ts';

afterEach(() => {
  toast.clear();
  vi.useRealTimers();
});

describe('toast', () => {
  it('queues success, error and warning toasts with the 3500 ms default', () => {
    const { result } = renderHook(() => useToasts());

    act(() => {
      toast.success('Saved');
      toast.error('Error signing out, please try again', { duration: 5000 });
      toast.warning('Careful');
    });

    expect(TOAST_DEFAULT_DURATION).toBe(3500);
    expect(result.current.map(({ type, message, duration }) => [type, message, duration])).toEqual([
      ['success', 'Saved', 3500],
      ['error', 'Error signing out, please try again', 5000],
      ['warning', 'Careful', 3500],
    ]);
  });

  it('dismisses one toast by id: closed at once, so it can animate out, and gone after TOAST_EXIT_MS', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());

    let id = 0;
    act(() => {
      id = toast.success('One');
      toast.success('Two');
      toast.dismiss(id);
      // A second dismissal (the close button, then the timer) changes nothing more.
      toast.dismiss(id);
    });
    expect(result.current.map(({ message, open }) => [message, open])).toEqual([
      ['One', false],
      ['Two', true],
    ]);

    act(() => {
      vi.advanceTimersByTime(TOAST_EXIT_MS - 1);
    });
    expect(result.current).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.map((item) => item.message)).toEqual(['Two']);
  });

  it('clears every toast, and a dismissed one’s pending removal with it', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    const renders = { count: 0 };
    renderHook(() => {
      renders.count += 1;
      return useToasts();
    });
    act(() => {
      toast.dismiss(toast.warning('Careful'));
      toast.clear();
    });
    expect(result.current).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    const before = renders.count;

    act(() => {
      vi.advanceTimersByTime(TOAST_EXIT_MS);
    });
    expect(renders.count).toBe(before);
  });
});
