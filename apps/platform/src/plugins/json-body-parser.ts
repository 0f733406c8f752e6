import type { FastifyInstance } from 'fastify';
import { isUnder } from '../routing/paths.ts';

/**
 * The SDK sends `Content-Type: application/json` on every call (spec §7 client defaults), so a
 * DELETE or a body-less PUT arrives declaring JSON with nothing in it. That is no body, not a
 * malformed one; anything else still goes through Fastify's own parser, with its protection
 * against prototype poisoning.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
  withoutPlainTextUnderApi(app);
}

/**
 * No API endpoint reads `text/plain` (JSON, and the few documented uploads: docs/api.md; file
 * imports send their file as a JSON string), yet Fastify parses it by default: a JSON endpoint
 * sent one answered 400 F0001 "expected object, received string", where application/xml or a form
 * got 415 F0024, as docs/errors.md says. Since 2026-12-03 the plugins under /api drop the parser as
 * they are registered, so that Fastify refuses it unread with 415 as any other type they do not
 * read. Elsewhere it stays: the identity's pages take text/plain POSTs (the portal's session
 * refresh, `POST /app/refresh/`, sends one).
 */
function withoutPlainTextUnderApi(app: FastifyInstance): void {
  app.addHook('onRegister', (instance) => {
    if (isUnder(instance.prefix, '/api') && instance.hasContentTypeParser('text/plain'))
      instance.removeContentTypeParser('text/plain');
  });
}
