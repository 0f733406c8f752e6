import type { Extensions } from '@electric-sql/pglite';

export const pgliteExtensions: Extensions;
