/** A new adviser, just registered on the identity's own registration page. */
export interface RegisteredAdviser {
  tenantId: string;
  adminUserId: number;
  email: string;
  givenName: string;
  familyName: string;
  /** The origin of the tenant's portal the adviser registered through, for the e-mail's link. */
  portalOrigin: string;
}

/**
 * How the identity tells a new adviser they are registered. The identity sends no e-mail itself:
 * the app that mounts it supplies this (the platform sends through its own mailer, SMTP or the
 * development mailbox), as `registerIdentity`'s `registrationMail` option or as the Fastify
 * decoration `identityRegistrationMail`.
 */
export interface RegistrationMail {
  /** The welcome, once the new adviser has confirmed their address. */
  sendWelcome(adviser: RegisteredAdviser): Promise<void>;
  /** The link a new adviser confirms their e-mail address with, before they can sign in. */
  sendEmailVerification(link: EmailVerificationLink): Promise<void>;
  /** The link to choose a new password, to an adviser who asked for it at `/app/forgot-password/`. */
  sendPasswordReset(link: PasswordResetLink): Promise<void>;
  /** To the owner of a confirmed account, when someone registers its address again. */
  sendAlreadyRegistered(notice: AlreadyRegisteredNotice): Promise<void>;
  /**
   * To an invitee who has not accepted yet, when someone registers their address: a link to choose
   * their password (the reset link, which confirms the address), which accepts the invitation.
   */
  sendInvitationWaiting(link: PasswordResetLink): Promise<void>;
}

/** Someone registered the address of a confirmed account: its owner is told, and nothing changes. */
export interface AlreadyRegisteredNotice {
  tenantId: string;
  adminUserId: number;
  email: string;
  givenName: string;
  /** The tenant's portal, which starts a sign-in. */
  signInUrl: string;
  /** `{identity}/app/forgot-password/?client_id=…`: where a forgotten password is recovered. */
  resetUrl: string;
}

/** The link that confirms a new adviser's e-mail address. */
export interface EmailVerificationLink {
  tenantId: string;
  adminUserId: number;
  email: string;
  givenName: string;
  /** `{identity}/app/verify-email/?client_id=…&token=…`: works once, for 24 hours. */
  url: string;
}

/** A password-reset link for an adviser, e-mailed to their address. */
export interface PasswordResetLink {
  tenantId: string;
  adminUserId: number;
  email: string;
  givenName: string;
  /** `{identity}/app/reset-password/?client_id=…&token=…`: works once, for an hour. */
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    identityRegistrationMail?: RegistrationMail;
  }
}
