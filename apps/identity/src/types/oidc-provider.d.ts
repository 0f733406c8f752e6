// oidc-provider ships no types and none are installed: this declares the part of its documented API
// the identity service uses (https://github.com/panva/node-oidc-provider/blob/main/docs/README.md).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: unknown;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export type AdapterFactory = new (name: string) => Adapter;

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<AccountClaims> | AccountClaims;
  }

  export interface OIDCContext {
    client?: Client;
    session?: {
      accountId?: string;
      uid?: string;
      destroyed?: boolean;
      grantIdFor(clientId: string): string | undefined;
    };
    /** The provider's name of the route being served (e.g. `end_session_confirm`). */
    route?: string;
    result?: Record<string, unknown>;
    params?: Record<string, unknown>;
    prompts: Set<string>;
    requestParamScopes: Set<string>;
    resourceServers?: Record<string, ResourceServer>;
    /** The session's account as `findAccount` found it: absent when it found none. */
    account?: Account;
    provider: Provider;
  }

  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    host: string;
    protocol: string;
    type: string;
    body: unknown;
    status: number;
    set(headers: Record<string, string>): void;
  }

  export interface Client {
    clientId: string;
  }

  export interface ResourceServer {
    audience: string;
    scope: string;
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
    lastSubmission?: Record<string, unknown>;
  }

  export interface Configuration {
    [option: string]: unknown;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: {
      new (properties: { accountId: string; clientId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
    on(event: string, listener: (...args: unknown[]) => void): this;
    /** A Koa middleware around every request the provider serves (`ctx.oidc` is absent on an unknown path). */
    use(middleware: (ctx: Partial<KoaContextWithOIDC>, next: () => Promise<void>) => Promise<void>): this;
  }

  export namespace interactionPolicy {
    class Check {
      static readonly REQUEST_PROMPT: true;
      static readonly NO_NEED_TO_PROMPT: false;
      constructor(reason: string, description: string, check: (ctx: KoaContextWithOIDC) => boolean);
    }
    interface Prompt {
      name: string;
      checks: Check[] & { add(check: Check, index?: number): void };
    }
    interface Policy extends Array<Prompt> {
      get(name: string): Prompt | undefined;
    }
    function base(): Policy;
  }

  type ProviderError = Error & { status: number; error: string; error_description?: string };

  export const errors: {
    OIDCProviderError: new (...args: never[]) => ProviderError;
    InvalidTarget: new (description?: string) => ProviderError;
    SessionNotFound: new (description?: string) => ProviderError;
    InvalidGrant: new (description?: string) => ProviderError;
  };

  export default Provider;
}
