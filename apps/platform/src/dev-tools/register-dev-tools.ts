import fastifyStatic from '@fastify/static';
import { registerDataHolder } from '@waratah/data-holder';
import type { FastifyInstance } from 'fastify';

/**
 * Development tools on the product's own origin: the component gallery at /dev/gallery/ and the
 * simulated open-banking data holder at /data-holder/. Neither belongs on a production server, so
 * `config.devTools` is off there unless an operator asks for it.
 */
export async function registerDevTools(app: FastifyInstance): Promise<void> {
  if (!app.config.devTools) return;
  await app.register(fastifyStatic, {
    root: app.config.galleryDist,
    prefix: '/dev/gallery/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (response) => response.setHeader('cache-control', 'no-cache'),
  });
  await registerDataHolder(app, { prefix: '/data-holder' });
}
