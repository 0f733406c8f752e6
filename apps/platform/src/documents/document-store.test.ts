import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseDocumentStore, diskDocumentStore } from './document-store.ts';

describe('document stores', () => {
  const roots: string[] = [];
  afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

  it('keeps the bytes in the export row by default', async () => {
    const bytes = Buffer.from('%PDF-1.7 one');
    const stored = await databaseDocumentStore.save({
      tenantId: 'waratah',
      exportId: 'a',
      extension: 'pdf',
      bytes,
    });
    expect(stored).toEqual({ storage: 'database', key: null, content: bytes });
    expect(await databaseDocumentStore.load(stored)).toEqual(bytes);
  });

  it('writes a file per export under the tenant folder, whole, and reads it back', async () => {
    const root = await mkdtemp(join(tmpdir(), 'documents-'));
    roots.push(root);
    const store = diskDocumentStore(root);
    const bytes = Buffer.from('PK spreadsheet bytes');
    const stored = await store.save({ tenantId: 'moneypartner', exportId: 'b', extension: 'xlsx', bytes });
    expect(stored).toEqual({ storage: 'disk', key: join('moneypartner', 'b.xlsx'), content: null });
    expect(await readdir(join(root, 'moneypartner'))).toEqual(['b.xlsx']);
    expect(await store.load(stored)).toEqual(bytes);
    await expect(store.load({ storage: 'database', key: null, content: null })).rejects.toThrow(
      'not on disk',
    );
  });
});
