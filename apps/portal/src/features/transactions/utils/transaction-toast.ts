/** Spec §9: the portal's toasts stay 5000 ms. */
export const TRANSACTION_TOAST_MS = 5000;
