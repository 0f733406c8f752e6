const key = 'waratah.registrationEmail';

/**
 * The e-mail held during registration (spec §3 local storage), from the profile step to the
 * password step. It names whoever registers in this browser, so it is forgotten once it has served
 * (a verify that sends the adviser to sign in, the password step's sign-in) and at every sign-in
 * and sign-out: before 2026-12-03 an abandoned one stayed, and the next person at the verify step
 * was shown it and could send it a new code.
 */
export const registrationEmail = {
  read: (storage: Storage = window.localStorage): string | null => storage.getItem(key),
  write: (email: string, storage: Storage = window.localStorage): void => storage.setItem(key, email),
  clear: (storage: Storage = window.localStorage): void => storage.removeItem(key),
};
