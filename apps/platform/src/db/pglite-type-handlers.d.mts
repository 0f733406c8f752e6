import type { PGliteOptions } from '@electric-sql/pglite';

export const pgliteTypeHandlers: Required<Pick<PGliteOptions, 'parsers' | 'serializers'>>;
