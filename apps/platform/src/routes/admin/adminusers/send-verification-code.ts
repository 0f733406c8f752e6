import type { TenantConfig } from '@waratah/tenants';
import type { FastifyInstance } from 'fastify';
import { durationText } from '../../../mail/duration-text.ts';
import { verificationCodeMail } from '../../../mail/messages/verification-code-mail.ts';

export interface VerificationCodeTarget {
  tenant: TenantConfig;
  adminUserId: number;
  email: string;
  givenName: string;
}

/** A fresh 6-digit code (earlier ones stop working), e-mailed in the tenant's name. */
export async function sendVerificationCode(
  app: FastifyInstance,
  target: VerificationCodeTarget,
): Promise<void> {
  const { oneTimeTokens, authSettings, mailer } = app;
  const code = await oneTimeTokens.issueCode({
    tenantId: target.tenant.id,
    adminUserId: target.adminUserId,
    purpose: 'email_verification',
    ttlSeconds: authSettings.verificationCodeTtlSeconds,
  });
  const mail = verificationCodeMail({
    tenant: target.tenant,
    givenName: target.givenName,
    code,
    expiresIn: durationText(authSettings.verificationCodeTtlSeconds),
  });
  await mailer.send({ tenantId: target.tenant.id, to: target.email, ...mail });
}
