import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPortal } from '../testing/render.tsx';

describe('RootRoute', () => {
  it('scrolls to the top and retitles the page on every navigation', async () => {
    const { router } = await renderPortal({ host: 'waratahlabs.localhost:8080' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Waratah Labs' });
    await waitFor(() => expect(document.title).toBe('Sign in - Waratah Labs Adviser Portal'));
    const scrollsBefore = vi.mocked(window.scrollTo).mock.calls.length;

    await act(() => router.navigate('/somewhere/else'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Not Found - Waratah Labs Adviser Portal'));
    expect(vi.mocked(window.scrollTo).mock.calls.length).toBeGreaterThan(scrollsBefore);
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});
