import type { IdentityDb } from '../storage/identity-database.ts';
import { hashPassword } from './password-hashing.ts';
import { brokenPasswordRules, passwordCriteriaMessage } from './password-rules.ts';

export interface PasswordChange {
  /** Whether the current password the adviser typed was right. */
  currentValid: boolean;
  password: string;
  passwordConfirmation: string;
}

export type PasswordChangeResult = { ok: true } | { ok: false; errors: Record<string, string> };

export async function changePassword(
  db: IdentityDb,
  adminUserId: number,
  change: PasswordChange,
): Promise<PasswordChangeResult> {
  const errors: Record<string, string> = {};
  if (!change.currentValid) errors.current_password = 'Your current password is not correct';
  if (brokenPasswordRules(change.password).length > 0) errors.password = passwordCriteriaMessage;
  if (change.password !== change.passwordConfirmation)
    errors.password_confirmation = 'Passwords do not match';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  await db
    .updateTable('admin_users')
    .set({ password_hash: await hashPassword(change.password), updated_at: new Date() })
    .where('id', '=', adminUserId)
    .execute();
  return { ok: true };
}
