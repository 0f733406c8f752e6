import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import type { HolderRuntime } from '../holder-runtime.ts';
import { registerDataHolder } from '../register-data-holder.ts';

/** A fixed clock, so that generated histories and pending transactions are the same in every run. */
export const testNow = new Date('2026-11-20T03:00:00Z');

export interface TestHolder {
  app: FastifyInstance;
  runtime: HolderRuntime;
  /** A bearer token from the simulated authorisation step. */
  consent(bank: string, customerId: string): Promise<string>;
  /** A CDS GET with the given version (and token, when given). */
  get(
    url: string,
    options?: { version?: string; token?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

export async function buildTestHolder(): Promise<TestHolder> {
  const app = Fastify();
  const runtime = await registerDataHolder(app, { now: testNow, timeoutDelayMs: 50 });
  await app.ready();
  return {
    app,
    runtime,
    async consent(bank, customerId) {
      const response = await app.inject({
        method: 'POST',
        url: '/data-holder/admin/consents',
        payload: { bank, customerId },
      });
      if (response.statusCode !== 201) throw new Error(`consent failed: ${response.body}`);
      return response.json().data.accessToken as string;
    },
    get(url, { version, token, headers = {} } = {}) {
      return app.inject({
        method: 'GET',
        url: `/data-holder${url}`,
        headers: {
          ...(version ? { 'x-v': version } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      });
    },
  };
}
