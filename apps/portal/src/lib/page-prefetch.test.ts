import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from './app-state.tsx';
import { type PrefetchServices, prefetchLoader } from './page-prefetch.ts';

function services(mayPrefetch: boolean): PrefetchServices {
  return {
    queryClient: new QueryClient(),
    apiClient: { baseUrl: '', request: vi.fn(), requestBlob: vi.fn() },
    appStore: createAppStore({} as never),
    mayPrefetch: () => mayPrefetch,
  };
}

const loaderArgs = {
  params: { id: '7' },
  request: new Request('http://moneypartner.localhost/user/details/7/transactions?base_type=debit'),
  context: undefined,
} as unknown as Parameters<ReturnType<typeof prefetchLoader>>[0];

describe('prefetchLoader', () => {
  it("starts the page's prefetch with its path parameters and query, and lets the navigation go on", async () => {
    const prefetch = vi.fn();
    const loader = prefetchLoader(prefetch, services(true));

    expect(await loader(loaderArgs, undefined)).toBeNull();
    expect(prefetch).toHaveBeenCalledWith(expect.objectContaining({ params: { id: '7' } }));
    expect(prefetch.mock.calls[0]?.[0].search.get('base_type')).toBe('debit');
  });

  it('starts nothing when no request would be answered', async () => {
    const prefetch = vi.fn();

    expect(await prefetchLoader(prefetch, services(false))(loaderArgs, undefined)).toBeNull();
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('never fails the navigation', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const loader = prefetchLoader(() => {
      throw new Error('broken');
    }, services(true));

    expect(await loader(loaderArgs, undefined)).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});
