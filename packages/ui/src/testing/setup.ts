import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toast } from '../components/toast.ts';

// Vitest runs without globals, so Testing Library cannot register its own cleanup. The files of a
// worker share their modules and jsdom's page (vitest.config.ts): what tests change is reset here.
afterEach(() => {
  cleanup();
  toast.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// jsdom lacks these browser APIs, which Radix (pointer capture, scrolling into view) and
// recharts (element sizes) call.
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
