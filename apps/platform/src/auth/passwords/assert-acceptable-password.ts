import { passwordRuleMessages } from '@waratah/contracts';
import { AppError } from '../../errors/app-error.ts';
import { isCommonPassword } from './is-common-password.ts';

/**
 * The server-only rule on top of `passwordSchema` (which the route's contract has already
 * applied): a common or breached password is refused, naming the field it came in.
 */
export function assertAcceptablePassword(password: string, field = 'body.password'): void {
  if (!isCommonPassword(password)) return;
  const message = passwordRuleMessages.common;
  throw new AppError('validation_failed', `The request is invalid: ${field}: ${message}`, {
    fields: [{ field, message }],
  });
}
