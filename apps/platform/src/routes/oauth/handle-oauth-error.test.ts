import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { WriteOutcomeUnknown } from '../../errors/database-unavailable.ts';
import { handleOAuthError } from './handle-oauth-error.ts';

describe('the OAuth endpoints’ error handler', () => {
  it('answers a database that is down with temporarily_unavailable, keeping the driver’s message in the log', async () => {
    const app = Fastify();
    app.setErrorHandler(handleOAuthError);
    const refused = () =>
      Object.assign(new Error('connect ECONNREFUSED 10.0.4.17:5432'), { code: 'ECONNREFUSED' });
    app.post('/oauth/down', async () => {
      throw refused();
    });
    app.post('/oauth/unconfirmed', async () => {
      throw new WriteOutcomeUnknown(refused());
    });
    for (const url of ['/oauth/down', '/oauth/unconfirmed']) {
      const response = await app.inject({ method: 'POST', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['cache-control']).toBe('no-store');
      // A database that is down: sent again after a second, the portal's refresh keeps the adviser
      // signed in. A commit never answered may have rotated a refresh token: no `Retry-After`.
      expect(response.headers['retry-after'], url).toBe(url === '/oauth/down' ? '1' : undefined);
      const body = response.json<{ error: string; error_description: string }>();
      expect(body.error).toBe('temporarily_unavailable');
      expect(body.error_description).toMatch(
        /^The service is not available at the moment; please try again shortly\. \(request .+\)$/,
      );
      expect(response.body).not.toMatch(/ECONNREFUSED|10\.0\.4\.17|5432/);
    }
  });
});
