const key = 'waratah.registrationEmail';

/** The e-mail held during registration (spec §3 local storage), from the profile step to the password step. */
export const registrationEmail = {
  read: (storage: Storage = window.localStorage): string | null => storage.getItem(key),
  write: (email: string, storage: Storage = window.localStorage): void => storage.setItem(key, email),
  clear: (storage: Storage = window.localStorage): void => storage.removeItem(key),
};
