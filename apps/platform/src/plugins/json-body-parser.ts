import type { FastifyInstance } from 'fastify';

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
}
