import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientRefusal } from '../hosted-backend/start-authorization.ts';
import type { IdentityService, TenantIdentity } from '../identity-service.ts';
import { renderErrorPage } from '../pages/render-error-page.ts';
import { sendPage } from '../pages/send-page.ts';
import { singleValue, tenantIdentityFor } from './tenant-identity-for.ts';

/**
 * For the pages an e-mailed link opens (`/app/reset-password/`, `/app/verify-email/`) and the
 * forms that send them: the SSO tenant the request reaches and its checked `client_id` (the
 * portal's, as every hosted-backend path carries it); otherwise the answer is sent.
 */
export async function clientTenantFor(
  identity: IdentityService,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<TenantIdentity | undefined> {
  const found = await tenantIdentityFor(identity, request, reply);
  if (!found) return undefined;
  const refusal = clientRefusal(found, singleValue(request.query, 'client_id'));
  if (!refusal) return found;
  await sendPage(reply, renderErrorPage(found.tenant, refusal), 400);
  return undefined;
}

/** The portal's address, which starts a sign-in: where the pages' "sign in" links go. */
export const portalUrlOf = (found: TenantIdentity) => `${found.portalOrigin}/`;
