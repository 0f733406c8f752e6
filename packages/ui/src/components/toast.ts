import { useSyncExternalStore } from 'react';

export type ToastType = 'success' | 'error' | 'warning';

/** Spec §9: a toast stays 3500 ms unless told otherwise (the portal passes 5000). */
export const TOAST_DEFAULT_DURATION = 3500;

export interface ToastItem {
  id: number;
  type: ToastType;
  message: string;
  duration: number;
  /** False once dismissed: the toast plays its closing animation, then leaves the list. */
  open: boolean;
}

/**
 * How long a dismissed toast stays in the list, closed: longer than its closing animation (150 ms,
 * `--animate-toast-out`), which the toaster unmounts it after (at once under reduced motion).
 * Before 2026-12-01 a dismissed toast left the list at once, and the animation never played.
 */
export const TOAST_EXIT_MS = 1000;

export interface ToastOptions {
  duration?: number;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
/** The timers that take dismissed toasts off the list, by id; `clear()` cancels them. */
const leaving = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

function show(type: ToastType, message: string, options: ToastOptions = {}): number {
  const id = nextId;
  nextId += 1;
  items = [...items, { id, type, message, duration: options.duration ?? TOAST_DEFAULT_DURATION, open: true }];
  emit();
  return id;
}

/** Shows a toast from anywhere; a mounted `<Toaster />` displays it. */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  /** Closes a toast: it animates out, and leaves the list `TOAST_EXIT_MS` later. */
  dismiss(id: number) {
    if (!items.some((item) => item.id === id && item.open)) return;
    items = items.map((item) => (item.id === id ? { ...item, open: false } : item));
    emit();
    leaving.set(
      id,
      setTimeout(() => {
        leaving.delete(id);
        items = items.filter((item) => item.id !== id);
        emit();
      }, TOAST_EXIT_MS),
    );
  },
  clear() {
    for (const timer of leaving.values()) clearTimeout(timer);
    leaving.clear();
    items = [];
    emit();
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}
