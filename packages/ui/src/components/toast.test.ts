import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TOAST_DEFAULT_DURATION, toast, useToasts } from './toast.ts';

afterEach(() => toast.clear());

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

  it('dismisses one toast by id', () => {
    const { result } = renderHook(() => useToasts());

    act(() => {
      const id = toast.success('One');
      toast.success('Two');
      toast.dismiss(id);
    });

    expect(result.current.map((item) => item.message)).toEqual(['Two']);
  });
});
