// Plain JavaScript, so that the embedded database's worker (pglite-worker.mjs), which runs without
// a TypeScript loader, loads the same extensions as the platform's modules and the tests' templates.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The extensions every PGlite instance of the platform loads: the migrations need pg_trgm. */
export const pgliteExtensions = { pg_trgm };
