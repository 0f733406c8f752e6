import type { ErrorReporter } from './error-reporting.ts';
import { loadScript } from './load-script.ts';

export interface Analytics {
  track(event: string, properties?: Record<string, string>): void;
}

export interface AnalyticsOptions {
  /** The tenant's token for this environment; an empty token turns analytics off. */
  token: string;
  reporter: ErrorReporter;
  loadScript?: typeof loadScript;
}

interface MixpanelGlobal {
  init(token: string, config: Record<string, unknown>): void;
  track(event: string, properties?: Record<string, string>): void;
}

const MIXPANEL_LIBRARY = 'https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js';

/** Product analytics (spec §7 Others), loaded only when the tenant has a token for the environment. */
export function createAnalytics({
  token,
  reporter,
  loadScript: load = loadScript,
}: AnalyticsOptions): Analytics {
  if (!token) return { track: () => undefined };
  const ready = load(MIXPANEL_LIBRARY).then(() => {
    const mixpanel = (globalThis as { mixpanel?: MixpanelGlobal }).mixpanel;
    mixpanel?.init(token, { persistence: 'localStorage', ip: false });
    return mixpanel ?? null;
  });
  ready.catch((error: unknown) => reporter.report(error));
  return {
    track(event, properties) {
      void ready.then((mixpanel) => mixpanel?.track(event, properties)).catch(() => undefined);
    },
  };
}
