import { useSyncExternalStore } from 'react';

export type ToastType = 'success' | 'error' | 'warning';

/** Spec §9: a toast stays 3500 ms unless told otherwise (the portal passes 5000). */
export const TOAST_DEFAULT_DURATION = 3500;

export interface ToastItem {
  id: number;
  type: ToastType;
  message: string;
  duration: number;
}

export interface ToastOptions {
  duration?: number;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function show(type: ToastType, message: string, options: ToastOptions = {}): number {
  const id = nextId;
  nextId += 1;
  items = [...items, { id, type, message, duration: options.duration ?? TOAST_DEFAULT_DURATION }];
  emit();
  return id;
}

/** Shows a toast from anywhere; a mounted `<Toaster />` displays it. */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  dismiss(id: number) {
    items = items.filter((item) => item.id !== id);
    emit();
  },
  clear() {
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
