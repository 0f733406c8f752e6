import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export interface ServePortalOptions {
  portalDist: string;
}

const immutable = 'public, max-age=31536000, immutable';

/**
 * The built portal's files. Vite puts content-hashed names under `assets/`, so those never change
 * and may be cached for a year; anything else (favicons, fonts, index.html) is revalidated.
 * Unknown paths fall through to the not-found handler, which answers history-mode routes.
 * Text files go out Brotli- or gzip-compressed from the copies the build wrote.
 */
export async function servePortal(app: FastifyInstance, { portalDist }: ServePortalOptions): Promise<void> {
  await app.register(fastifyStatic, {
    root: portalDist,
    index: false,
    decorateReply: false,
    cacheControl: false,
    // The build writes `.br` and `.gz` beside each text file (apps/portal/build/precompress.ts):
    // sent to a browser that accepts them, never compressed per request.
    preCompressed: true,
    // A directory (`/`) is a page navigation, not a listing: leave it to the history-mode fallback.
    allowedPath: (pathname) => !pathname.endsWith('/'),
    setHeaders: (response, filePath) => {
      const hashed = relative(portalDist, filePath).startsWith(`assets${sep}`);
      response.setHeader('cache-control', hashed ? immutable : 'no-cache');
      // The same URL is sent compressed or not by the request's Accept-Encoding: caches must key on it.
      response.setHeader('vary', 'Accept-Encoding');
    },
  });
}
