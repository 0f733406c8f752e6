import { sql } from 'kysely';
import { endOtherSignIns, type KeptSignIn } from '../storage/end-other-sign-ins.ts';
import type { IdentityDb } from '../storage/identity-database.ts';
import { recordIdentityAudit } from '../storage/record-identity-audit.ts';
import { spendPasswordLinks } from '../storage/spend-password-links.ts';
import { hashPassword } from './password-hashing.ts';
import { meetsPasswordRules, type PasswordRefusal, passwordCriteriaMessage } from './password-rules.ts';

export interface PasswordChange {
  /** Whether the current password the adviser typed was right. */
  currentValid: boolean;
  password: string;
  passwordConfirmation: string;
}

export type PasswordChangeResult = { ok: true } | { ok: false; errors: Record<string, string> };

/** Who changes their password, and from where: the audit row's actor and address. */
export interface PasswordChanger {
  tenantId: string;
  adminUserId: number;
  ip: string;
  /** The browser's sign-in the change is made in: it stays signed in, every other sign-in ends. */
  keep: KeptSignIn;
}

/**
 * Sets the adviser's new password and ends their other sign-ins (`endOtherSignIns`), with its
 * `admin_user.password.change` audit row, in one transaction.
 */
export async function changePassword(
  db: IdentityDb,
  changer: PasswordChanger,
  change: PasswordChange,
  refuse?: PasswordRefusal,
): Promise<PasswordChangeResult> {
  const errors = newPasswordErrors(change.password, change.passwordConfirmation, refuse);
  if (!change.currentValid) errors.current_password = 'Your current password is not correct';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const passwordHash = await hashPassword(change.password);
  await db
    .transaction()
    .execute((trx) => setPassword(trx, changer, passwordHash, 'admin_user.password.change'));
  return { ok: true };
}

/**
 * What is wrong with a new password and its confirmation, by field (spec §5, then the host's
 * `refuse`); empty when nothing.
 */
export function newPasswordErrors(
  password: string,
  confirmation: string,
  refuse?: PasswordRefusal,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const refusal = meetsPasswordRules(password) ? refuse?.(password) : passwordCriteriaMessage;
  if (refusal) errors.password = refusal;
  if (password !== confirmation) errors.password_confirmation = 'Passwords do not match';
  return errors;
}

/**
 * Within the caller's transaction: the adviser's new password hash, every sign-in but the kept one
 * ended, the platform's e-mailed links spent, and the audit row (`admin_user.password.change` at the account page,
 * `admin_user.password.reset` from an e-mailed link). Following an e-mailed link proves the
 * address, so a reset also marks it verified (as the platform's own reset does).
 */
export async function setPassword(
  trx: IdentityDb,
  { tenantId, adminUserId, ip, keep }: PasswordChanger,
  passwordHash: string,
  action: 'admin_user.password.change' | 'admin_user.password.reset',
): Promise<void> {
  await trx
    .updateTable('admin_users')
    .set({
      password_hash: passwordHash,
      updated_at: new Date(),
      ...(action === 'admin_user.password.reset'
        ? { email_verified_at: sql<Date>`coalesce(email_verified_at, now())` }
        : {}),
    })
    .where('id', '=', adminUserId)
    .where('tenant_id', '=', tenantId)
    .execute();
  await endOtherSignIns(trx, adminUserId, keep);
  // The platform's reset and invitation links would set it again (before 2026-11-29 they outlived
  // a password set here).
  await spendPasswordLinks(trx, adminUserId);
  await recordIdentityAudit(trx, {
    tenantId,
    adminUserId,
    action,
    targetType: 'admin_user',
    targetId: adminUserId,
    ip,
  });
}
