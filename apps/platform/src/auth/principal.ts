import type { TenantId } from '@waratah/tenants';

/**
 * Who is calling, once credentials have been checked. Password tenants present an opaque bearer
 * token; SSO tenants the identity service's JWT in the `app.at` cookie. Both resolve to the
 * same principal, so every route authorises the same way whichever family it was reached by.
 */
export type Principal = AdminUserPrincipal | ClientPrincipal;

export interface AdminUserPrincipal {
  kind: 'admin_user';
  tenantId: TenantId;
  adminUserId: number;
  /** 'adviser' for advisers and brokers; 'operator' for platform staff with permission areas. */
  role: 'adviser' | 'operator';
  externalPartyId: number | null;
  /** How the credentials arrived: cookie-authenticated unsafe requests must echo the XSRF token. */
  via: 'bearer' | 'sso_cookie';
  /** A bearer token's OAuth client (a portal's `client_id`): it names the environment it is for. */
  issuedTo?: string;
  /** The request's client address (TRUST_PROXY decides which): the audit log's "from where". */
  ip?: string;
}

export interface ClientPrincipal {
  kind: 'client';
  tenantId: TenantId;
  clientId: number;
  /**
   * The client is suspended: their token reaches only the routes open to a suspended client (their
   * consents, to see and withdraw them, and the public config: `openToSuspendedClient`), and is 401
   * everywhere else.
   */
  suspended?: true;
  via: 'bearer';
  /** The token's OAuth client, as above. */
  issuedTo?: string;
  /** The request's client address, as above. */
  ip?: string;
}

/** The principal as this request's caller: with the address it called from (set once per request). */
export function callingFrom<P extends Principal>(principal: P, ip: string): P {
  return { ...principal, ip };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Null for an anonymous request; set by the authenticate hook before any handler runs. */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** A suspended client's token reaches this route (their consents, the public config); every other is 401 to it. */
    openToSuspendedClient?: boolean;
  }
}

/** The route option of the routes a suspended client may call: their consents, the public config. */
export const openToSuspendedClient = { openToSuspendedClient: true } as const;

/**
 * The scope a suspended client asks for at sign-in (`scope=consents`): without it a suspended
 * client's sign-in is refused; with it the token reaches only `openToSuspendedClient` routes.
 */
export const suspendedClientScope = 'consents';
