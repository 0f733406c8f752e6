import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../testing/fake-api.ts';
import { startPortal } from './start-portal.tsx';

function splashContainer(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = '<div role="status" aria-label="Loading"></div>';
  document.body.append(container);
  return container;
}

describe('startPortal', () => {
  it('replaces the splash with the app of the tenant the page is served for', async () => {
    vi.stubGlobal('fetch', createFakeApi().fetch);
    // The default tenant's sign-in page leaves for its provider, so a page of its own shows here.
    window.history.pushState({}, '', '/no/such/page');
    const container = splashContainer();

    const root = await act(() => startPortal(container));

    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(document.documentElement.dataset.tenant).toBe('waratah');
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    act(() => root.unmount());
    container.remove();
  });

  it('shows a readable message instead of a blank page when start-up fails', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(document.documentElement.style, 'setProperty').mockImplementation(() => {
      throw new Error('styles unavailable');
    });
    const container = splashContainer();

    const root = await act(() => startPortal(container));

    expect(screen.getByRole('heading', { name: 'The portal could not start' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh the page' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('The portal could not start', expect.any(Error));
    act(() => root.unmount());
    container.remove();
  });
});
