import type { PGlite } from '@electric-sql/pglite';

export function exchange(client: PGlite, messages: Uint8Array): Promise<Uint8Array>;
export function concat(parts: readonly Uint8Array[]): Uint8Array;
