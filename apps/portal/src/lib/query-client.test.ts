import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { ApiError } from '@waratah/sdk';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, LONGEST_RETRY_WAIT_MS } from './query-client.ts';

const failure = (status: number, retryAt?: number) =>
  new ApiError({ status, code: 'unavailable', message: 'Unavailable', retryAt });

function retryOptions() {
  const { retry, retryDelay } = createQueryClient().getDefaultOptions().queries ?? {};
  if (typeof retry !== 'function' || typeof retryDelay !== 'function') throw new Error('no retry functions');
  return { retry, retryDelay };
}

describe('createQueryClient', () => {
  it('retries a failed or unreachable server twice, 1 s then 2 s apart, and no other refusal', () => {
    const { retry, retryDelay } = retryOptions();
    expect([0, 1, 2].map((count) => retry(count, failure(502)))).toEqual([true, true, false]);
    expect(retry(0, failure(0))).toBe(true);
    expect(retry(0, failure(404))).toBe(false);
    expect(retry(0, failure(429, Date.now() + 1_000))).toBe(false);
    expect([0, 1].map((count) => retryDelay(count, failure(502)))).toEqual([1_000, 2_000]);
  });

  it('waits for a busy server’s Retry-After, and leaves a long one to the page’s own “Try again”', () => {
    const { retry, retryDelay } = retryOptions();
    const soon = failure(503, Date.now() + 5_000);
    expect(retry(0, soon)).toBe(true);
    const delay = retryDelay(0, soon) as number;
    expect(delay).toBeGreaterThan(4_000);
    expect(delay).toBeLessThanOrEqual(5_000);

    expect(retry(0, failure(503, Date.now() + LONGEST_RETRY_WAIT_MS + 60_000))).toBe(false);
  });

  it('asks a server that said to come back in a minute once, not again a second later', async () => {
    let asked = 0;
    const queryFn = async () => {
      asked += 1;
      throw failure(503, Date.now() + 60_000);
    };
    await expect(createQueryClient().fetchQuery({ queryKey: ['busy'], queryFn })).rejects.toThrow(
      'Unavailable',
    );
    expect(asked).toBe(1);
  });
});

describe('a failed query mounted by its page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A route's prefetch, refused by the platform; then its page mounts the query. */
  async function prefetchThenMount(refusal: () => ApiError) {
    const queryClient = createQueryClient();
    let asked = 0;
    const options = {
      queryKey: ['page-data'],
      queryFn: async () => {
        asked += 1;
        throw refusal();
      },
    };
    await queryClient.prefetchQuery(options);
    const mount = () =>
      renderHook(() => useQuery(options), {
        wrapper: ({ children }) => createElement(QueryClientProvider, { client: queryClient }, children),
      });
    return { mount, asked: () => asked };
  }

  it('is not asked again before the Retry-After of its failure has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const page = await prefetchThenMount(() => failure(503, Date.now() + LONGEST_RETRY_WAIT_MS + 60_000));
    expect(page.asked()).toBe(1);

    // Before 2026-12-04 the page asked again as it mounted, and was refused again.
    const { result, unmount } = page.mount();
    expect(result.current.status).toBe('error');
    expect(result.current.fetchStatus).toBe('idle');
    expect(page.asked()).toBe(1);
    unmount();

    vi.setSystemTime(Date.now() + LONGEST_RETRY_WAIT_MS + 61_000);
    page.mount();
    await waitFor(() => expect(page.asked()).toBe(2));
  });

  it('is asked again at once when its failure named no time to wait', async () => {
    const page = await prefetchThenMount(() => failure(404));

    page.mount();

    await waitFor(() => expect(page.asked()).toBe(2));
  });
});
