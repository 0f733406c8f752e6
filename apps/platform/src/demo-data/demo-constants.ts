/**
 * The demo world's "today": transactions, refreshes and consents are dated from it, so every run
 * writes the same rows. Active demo consents run a year from dates near it.
 */
export const demoToday = '2026-11-20';

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
