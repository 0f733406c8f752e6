/** Lifetimes and limits of the credentials; buildApp takes overrides (tests lower the limits). */
export interface AuthSettings {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /**
   * How long after a refresh token was spent the same token is answered again, with the same
   * tokens, while the refresh token that refresh issued is unspent: the answer may never have
   * arrived (0: never).
   */
  refreshRetryGraceSeconds: number;
  /** Failed sign-ins per account per hour before the token endpoints answer 429. */
  signInFailuresPerAccount: number;
  /** Failed sign-ins per client IP per hour, whichever accounts they name. */
  signInFailuresPerIp: number;
  /** E-mails (reset, invitation, registration, verification code) per address per hour. */
  mailsPerAddress: number;
  /** E-mail-sending requests per client IP per hour (per adviser for the invitations of clients). */
  mailsPerIp: number;
  resetTokenTtlSeconds: number;
  invitationTokenTtlSeconds: number;
  verificationCodeTtlSeconds: number;
  /** Wrong codes before a verification code is spent and a new one must be asked for. */
  verificationCodeAttempts: number;
}

const hour = 3600;
const day = 24 * hour;

export const defaultAuthSettings: AuthSettings = {
  accessTokenTtlSeconds: hour,
  refreshTokenTtlSeconds: 30 * day,
  refreshRetryGraceSeconds: 30,
  signInFailuresPerAccount: 100,
  signInFailuresPerIp: 300,
  mailsPerAddress: 10,
  mailsPerIp: 60,
  resetTokenTtlSeconds: hour,
  invitationTokenTtlSeconds: 7 * day,
  verificationCodeTtlSeconds: 15 * 60,
  verificationCodeAttempts: 5,
};
