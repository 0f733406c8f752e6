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

  it('moves focus to the new page’s main heading after a navigation', async () => {
    const { router } = await renderPortal({ host: 'waratahlabs.localhost:8080' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Waratah Labs' });

    await act(() => router.navigate('/somewhere/else'));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Oops!' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('keeps focus when only the query string changes, and still scrolls to the top (spec §2)', async () => {
    const { router, user } = await renderPortal({ host: 'waratahlabs.localhost:8080' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Waratah Labs' });
    const email = screen.getByRole('textbox', { name: /Email/ });
    await user.click(email);
    const scrollsBefore = vi.mocked(window.scrollTo).mock.calls.length;

    await act(() => router.navigate('/?sort=email', { replace: true }));
    // The guard runs again for the new location; give it time to show the page.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));

    expect(router.state.location.search).toBe('?sort=email');
    // Before 2026-11-30 focus went to the page's heading: a search box lost each pause's typing.
    expect(email).toHaveFocus();
    expect(vi.mocked(window.scrollTo).mock.calls.length).toBeGreaterThan(scrollsBefore);
  });
});
