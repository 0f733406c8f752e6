/** One attempt at the sign-in form: who it names and where it came from. */
export interface SignInAttempt {
  tenantId: string;
  username: string;
  ip: string;
  /** The browser's sign-in device cookie, when it sent one (interactions/sign-in-device-cookie.ts). */
  device?: string;
}

/**
 * Brute-force limits on the sign-in form, supplied by the host (the platform shares its per-account
 * and per-IP counters with the password tenants' token endpoints). `countAttempt` counts the
 * attempt as failed before the password is checked, and throws an error carrying
 * `retryAfterSeconds` when it must be refused; `forgiveAttempt` takes it off once the password
 * proves right. Counting first bounds a burst of attempts sent at once. A browser whose `device`
 * signed in to the named account before is counted on its own instead of with the account;
 * `rememberDevice`, after a sign-in, answers the token its device cookie is to hold and how long.
 */
export interface SignInGuard {
  countAttempt(attempt: SignInAttempt): Promise<void>;
  forgiveAttempt(attempt: SignInAttempt): Promise<void>;
  rememberDevice(attempt: SignInAttempt): Promise<{ token: string; maxAgeSeconds: number }>;
}

/** One submission of the registration form, which sends a welcome e-mail when it succeeds. */
export interface RegistrationAttempt {
  tenantId: string;
  email: string;
  ip: string;
}

/**
 * The host's limit on e-mail-sending requests (the platform's per-address and per-IP counts):
 * `assertAllowed` counts a registration and throws an error carrying `retryAfterSeconds` past either
 * limit, before the account is created.
 */
export interface RegistrationGuard {
  assertAllowed(attempt: RegistrationAttempt): Promise<void>;
  /**
   * Whether the tenant's portal offers registration in this environment (its app config's
   * `ta_register`, spec §6); without it, registration is open.
   */
  isOpen?(where: { tenantId: string; environment: string }): Promise<boolean>;
}

/** The refusal `assertAllowed` threw, or undefined when it was another failure. */
export function signInRefusal(error: unknown): { message: string; retryAfterSeconds: number } | undefined {
  if (!(error instanceof Error) || !('retryAfterSeconds' in error)) return undefined;
  const retryAfterSeconds = Number(error.retryAfterSeconds);
  return Number.isFinite(retryAfterSeconds) ? { message: error.message, retryAfterSeconds } : undefined;
}

/** The host's refusal (a limit used up), or undefined to go on; any other failure is thrown. */
export async function refusalOf(
  check: (() => Promise<void>) | undefined,
): Promise<{ message: string; retryAfterSeconds: number } | undefined> {
  try {
    await check?.();
    return undefined;
  } catch (error) {
    const refusal = signInRefusal(error);
    if (!refusal) throw error;
    return refusal;
  }
}
