/** The portal's toasts stay 5000 ms (spec §9). */
export const CLIENT_TOAST_MS = 5000;
