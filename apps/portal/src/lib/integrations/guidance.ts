import type { ErrorReporter } from './error-reporting.ts';
import { loadScript } from './load-script.ts';

export interface GuidanceUser {
  id: string;
  given_name: string;
  family_name: string;
  email?: string | undefined;
}

export interface Guidance {
  identify(user: GuidanceUser): void;
}

export interface GuidanceOptions {
  /** The environment's appcuesId; without one the service is never loaded. */
  appcuesId: string | undefined;
  reporter: ErrorReporter;
  loadScript?: typeof loadScript;
}

interface AppcuesGlobal {
  identify(id: string, properties: Record<string, string>): void;
}

/**
 * The in-product guidance service (spec §4 step 3): its script by id is loaded on the first
 * identify, which the route guard makes only while the `appcues` feature is on.
 */
export function createGuidance({
  appcuesId,
  reporter,
  loadScript: load = loadScript,
}: GuidanceOptions): Guidance {
  if (!appcuesId) return { identify: () => undefined };
  let ready: Promise<AppcuesGlobal | null> | null = null;
  return {
    identify(user) {
      ready ??= load(`https://fast.appcues.com/${encodeURIComponent(appcuesId)}.js`).then(
        () => (globalThis as { Appcues?: AppcuesGlobal }).Appcues ?? null,
      );
      ready
        .then((appcues) =>
          appcues?.identify(user.id, {
            firstName: user.given_name,
            lastName: user.family_name,
            ...(user.email && { email: user.email }),
          }),
        )
        .catch((error: unknown) => reporter.report(error));
    },
  };
}
