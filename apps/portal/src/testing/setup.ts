import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from '@waratah/ui';
import { afterEach, beforeEach, vi } from 'vitest';
// Tests render area components without the signed-in frame that brings their strings in the app.
import '../lib/i18n-areas.ts';

// Lazy pages and guarded navigations take a few turns; two busy cores make that slower.
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  // jsdom has no layout, so scrolling is only recorded.
  window.scrollTo = vi.fn();
});

// Vitest runs without globals, so Testing Library's own cleanup is not registered; start-up also
// dresses <html> and <head>, which must not leak from one test into the next.
afterEach(() => {
  cleanup();
  // The toasts' store lives in a module, which the files of a worker share (vitest.config.ts).
  toast.clear();
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('data-tenant');
  for (const icon of document.head.querySelectorAll('link[rel="icon"]')) icon.remove();
  document.title = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

// jsdom lacks these browser APIs, which the kit's Radix parts call (pointer capture, scrolling
// into view, element sizes).
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
