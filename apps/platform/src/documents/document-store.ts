import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Where a generated file went: the database row itself, a file under DATA_DIR, or object storage. */
export interface StoredFile {
  storage: 'database' | 'disk' | 's3';
  /** The disk path relative to the store's root, or the object key; null in the database. */
  key: string | null;
  /** Set when the bytes live in the export row (`content`). */
  content: Buffer | null;
}

export interface DocumentStore {
  save(input: { tenantId: string; exportId: string; extension: string; bytes: Buffer }): Promise<StoredFile>;
  load(file: StoredFile): Promise<Buffer>;
}

/** The default: the file is a bytea column of its export row, so it shares the row's backups. */
export const databaseDocumentStore: DocumentStore = {
  async save({ bytes }) {
    return { storage: 'database', key: null, content: bytes };
  },
  async load(file) {
    if (!file.content) throw new Error('The document has no stored content');
    return file.content;
  },
};

/** Files under `root` (e.g. `DATA_DIR/documents`), one folder per tenant; written whole, then renamed into place. */
export function diskDocumentStore(root: string): DocumentStore {
  return {
    async save({ tenantId, exportId, extension, bytes }) {
      const key = join(tenantId, `${exportId}.${extension}`);
      const path = join(root, key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(`${path}.partial`, bytes);
      await rename(`${path}.partial`, path);
      return { storage: 'disk', key, content: null };
    },
    async load(file) {
      if (file.storage !== 'disk' || !file.key) throw new Error('The document is not on disk');
      return readFile(join(root, file.key));
    },
  };
}
