/**
 * A fixed "today" for tests whose demo rows must be the same on every run. A server's demo data is
 * dated from the real today at its first start (seedDemoData): the portal's charts and periods
 * follow the real clock, so a demo frozen at a fixed date went empty month by month (the
 * overview's last complete month had no transactions from 2026-12-01).
 */
export const fixedDemoToday = '2026-11-20';

/** Bumped when the generator changes what it writes; recorded in demo_data_runs. */
export const demoGeneratorVersion = 3;

/** The sign-in password of every demo adviser (spec §5: 16+ characters, upper, lower, number). */
export const demoAdviserPassword = 'Waratah-Demo-Adviser-2026';

/**
 * The sign-in password of every demo client who has signed up (not the invited ones), for the
 * end-user API (`POST /oauth/token`): what a client's own app would do, e.g. withdraw a consent.
 */
export const demoClientPassword = 'Waratah-Demo-Client-2026';

/** How many clients the enabled demo adviser manages in each tenant. */
export const demoClientCount = 42;
