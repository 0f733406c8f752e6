import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadTenantLogos } from './preload-tenant-logos.ts';

describe('preloadTenantLogos', () => {
  afterEach(() => {
    // jsdom's images have no decode(); the tests give them one.
    Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
  });

  it('decodes every logo before it resolves, and survives one that fails', async () => {
    const requested: string[] = [];
    HTMLImageElement.prototype.decode = function decode(this: HTMLImageElement) {
      requested.push(this.src);
      return this.src.endsWith('broken.svg') ? Promise.reject(new Error('broken')) : Promise.resolve();
    };

    await preloadTenantLogos({ urls: ['/logo.svg', '/broken.svg'], doc: document, timeoutMs: 1000 });

    const absolute = (path: string) => new URL(path, document.baseURI).href;
    expect(requested).toEqual([absolute('/logo.svg'), absolute('/broken.svg')]);
  });

  it('stops waiting after the timeout', async () => {
    vi.useFakeTimers();
    HTMLImageElement.prototype.decode = () => new Promise<void>(() => {});
    const preloading = preloadTenantLogos({ urls: ['/slow.svg'], doc: document, timeoutMs: 2500 });
    await vi.advanceTimersByTimeAsync(2500);
    await expect(preloading).resolves.toBeUndefined();
    vi.useRealTimers();
  });

  it('does nothing where images cannot be decoded', async () => {
    await expect(
      preloadTenantLogos({ urls: ['/logo.svg'], doc: document, timeoutMs: 1 }),
    ).resolves.toBeUndefined();
  });
});
