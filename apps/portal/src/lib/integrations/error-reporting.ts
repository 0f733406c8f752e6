import { loadScript } from './load-script.ts';

export interface ErrorReporter {
  report(error: unknown): void;
}

export interface ErrorReportingOptions {
  /** The error-reporting project's DSN; without one, errors only reach the console. */
  dsn: string | undefined;
  tenant: string;
  environment: string;
  loadScript?: typeof loadScript;
}

interface SentryGlobal {
  init(options: { dsn: string; environment: string; initialScope: { tags: Record<string, string> } }): void;
  captureException(error: unknown): void;
}

const SENTRY_BUNDLE = 'https://browser.sentry-cdn.com/10.22.0/bundle.min.js';

/**
 * Reports errors to the error-reporting service, tagged with tenant and environment (spec §7), once
 * its script has loaded; errors raised before that are held and sent then. Off unless configured.
 */
export function createErrorReporter({
  dsn,
  tenant,
  environment,
  loadScript: load = loadScript,
}: ErrorReportingOptions): ErrorReporter {
  if (!dsn) return { report: (error) => console.error(error) };
  let sentry: SentryGlobal | null = null;
  const pending: unknown[] = [];
  load(SENTRY_BUNDLE)
    .then(() => {
      sentry = (globalThis as { Sentry?: SentryGlobal }).Sentry ?? null;
      sentry?.init({ dsn, environment, initialScope: { tags: { tenant, environment } } });
      for (const error of pending.splice(0)) sentry?.captureException(error);
    })
    .catch((error: unknown) => console.error(error));
  return {
    report(error) {
      console.error(error);
      if (sentry) sentry.captureException(error);
      else pending.push(error);
    },
  };
}
