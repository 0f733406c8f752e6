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
   * The token reaches only the client's consents, to see and withdraw them, and the public config
   * (`openToConsentsScope` routes), and is 403 everywhere else: it was issued for `scope=consents`
   * (the only sign-in a suspended client may make), or its client is suspended now.
   */
  consentsOnly?: true;
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
    /** A consents-only token reaches this route (the client's consents, the public config); every other is 403 to it. */
    openToConsentsScope?: boolean;
  }
}

/** The route option of the routes a consents-only token reaches: the client's consents, the public config. */
export const openToConsentsScope = { openToConsentsScope: true } as const;

/**
 * The one scope a client may ask for at sign-in (`scope=consents`): a token stored with it reaches
 * only `openToConsentsScope` routes. A suspended client's sign-in is refused without it.
 */
export const consentsScope = 'consents';
