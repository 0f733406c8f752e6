import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

beforeEach(() => {
  // jsdom has no layout, so scrolling is only recorded.
  window.scrollTo = vi.fn();
});

// Vitest runs without globals, so Testing Library's own cleanup is not registered; start-up also
// dresses <html> and <head>, which must not leak from one test into the next.
afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('data-tenant');
  for (const icon of document.head.querySelectorAll('link[rel="icon"]')) icon.remove();
  document.title = '';
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
