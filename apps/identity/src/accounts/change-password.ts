import { endOtherSignIns, type KeptSignIn } from '../storage/end-other-sign-ins.ts';
import type { IdentityDb } from '../storage/identity-database.ts';
import { recordIdentityAudit } from '../storage/record-identity-audit.ts';
import { hashPassword } from './password-hashing.ts';
import { brokenPasswordRules, passwordCriteriaMessage } from './password-rules.ts';

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
  { tenantId, adminUserId, ip, keep }: PasswordChanger,
  change: PasswordChange,
): Promise<PasswordChangeResult> {
  const errors: Record<string, string> = {};
  if (!change.currentValid) errors.current_password = 'Your current password is not correct';
  if (brokenPasswordRules(change.password).length > 0) errors.password = passwordCriteriaMessage;
  if (change.password !== change.passwordConfirmation)
    errors.password_confirmation = 'Passwords do not match';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const passwordHash = await hashPassword(change.password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admin_users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', adminUserId)
      .where('tenant_id', '=', tenantId)
      .execute();
    await endOtherSignIns(trx, adminUserId, keep);
    await recordIdentityAudit(trx, {
      tenantId,
      adminUserId,
      action: 'admin_user.password.change',
      targetType: 'admin_user',
      targetId: adminUserId,
      ip,
    });
  });
  return { ok: true };
}
