import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { DocumentStorageConfig } from '../config/env.ts';

/** Where a generated file went: the database row itself, a file under DATA_DIR, or object storage. */
export interface StoredFile {
  storage: 'database' | 'disk' | 's3';
  /** The disk path relative to the store's root, or the object key; null in the database. */
  key: string | null;
  /** Set when the bytes live in the export row (`content`). */
  content: Buffer | null;
}

/** Which export a file is of: a store keeps one file per tenant, export and extension. */
export interface ExportFileName {
  tenantId: string;
  exportId: string;
  extension: string;
}

export interface DocumentStore {
  save(input: ExportFileName & { bytes: Buffer }): Promise<StoredFile>;
  /**
   * Where `save` puts this export's file, found without reading or writing: so that a file a
   * worker stored but never recorded (it was killed in between) can still be removed.
   */
  locate(name: ExportFileName): StoredFile;
  load(file: StoredFile): Promise<Buffer>;
  /** Removes a saved file (e.g. when its export could not be recorded); a missing file is no error. */
  remove(file: StoredFile): Promise<void>;
}

/** The default: the file is a bytea column of its export row, so it shares the row's backups. */
export const databaseDocumentStore: DocumentStore = {
  async save({ bytes }) {
    return { storage: 'database', key: null, content: bytes };
  },
  locate: () => ({ storage: 'database', key: null, content: null }),
  async load(file) {
    if (!file.content) throw new Error('The document has no stored content');
    return file.content;
  },
  async remove() {
    // The bytes go with the row.
  },
};

/** Files under `root` (e.g. `DATA_DIR/documents`), one folder per tenant; written whole, then renamed into place. */
export function diskDocumentStore(root: string): DocumentStore {
  const pathOf = (file: StoredFile) => {
    if (file.storage !== 'disk' || !file.key) throw new Error('The document is not on disk');
    return join(root, file.key);
  };
  const locate = ({ tenantId, exportId, extension }: ExportFileName): StoredFile => ({
    storage: 'disk',
    key: join(tenantId, `${exportId}.${extension}`),
    content: null,
  });
  return {
    async save({ bytes, ...name }) {
      const stored = locate(name);
      const path = pathOf(stored);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(`${path}.partial`, bytes);
      await rename(`${path}.partial`, path);
      return stored;
    },
    locate,
    async load(file) {
      const path = pathOf(file);
      try {
        return await readFile(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          throw new Error(`The document's file is missing from the document folder (${file.key})`);
        }
        throw error;
      }
    },
    async remove(file) {
      // With the part a process killed while writing it may have left.
      await rm(`${pathOf(file)}.partial`, { force: true });
      await rm(pathOf(file), { force: true });
    },
  };
}

export interface S3StoreOptions {
  /** The service's base URL, e.g. `https://s3.ap-southeast-2.amazonaws.com` or `http://localhost:9000`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (MinIO, most self-hosted servers) instead of `bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** Put before every key, e.g. `waratah/documents/`. */
  prefix?: string;
}

/** The URL of an object: path-style (`endpoint/bucket/key`) or virtual-hosted (`bucket.host/key`). */
export function s3ObjectUrl(
  options: Pick<S3StoreOptions, 'endpoint' | 'bucket' | 'forcePathStyle'>,
  key: string,
) {
  const url = new URL(options.endpoint);
  const base = url.pathname.replace(/\/+$/, '');
  const encodedKey = key.split('/').map(encodeURIComponent).join('/');
  if (options.forcePathStyle) {
    url.pathname = `${base}/${encodeURIComponent(options.bucket)}/${encodedKey}`;
  } else {
    url.hostname = `${options.bucket}.${url.hostname}`;
    url.pathname = `${base}/${encodedKey}`;
  }
  return url.toString();
}

/** `<Code>…</Code>` and `<Message>…</Message>` of an S3 error answer, when it has them. */
async function s3Reason(response: Response): Promise<string> {
  const body = await response.text().catch(() => '');
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
  return [`${response.status}`, code, message].filter(Boolean).join(' ');
}

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, R2…), signed with SigV4 (aws4fetch), one
 * object per export: `<prefix><tenant>/<export id>.<pdf|xlsx>`. A PUT either stores the whole
 * object or nothing, so there is no partial file to clean up.
 */
export function s3DocumentStore(options: S3StoreOptions): DocumentStore {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
    retries: 2,
    initRetryMs: 100,
  });
  const prefix = options.prefix ?? '';
  const where = (key: string) => `s3://${options.bucket}/${key}`;
  const keyOf = (file: StoredFile) => {
    if (file.storage !== 's3' || !file.key) throw new Error('The document is not in object storage');
    return file.key;
  };
  const send = async (method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer) => {
    try {
      return await client.fetch(s3ObjectUrl(options, key), {
        method,
        ...(body && {
          // A Buffer's memory is an ArrayBuffer (never shared): what fetch's BodyInit takes.
          body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength),
          headers: { 'content-length': String(body.length) },
        }),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Object storage could not be reached (${method} ${where(key)}: ${reason})`);
    }
  };
  const locate = ({ tenantId, exportId, extension }: ExportFileName): StoredFile => ({
    storage: 's3',
    key: `${prefix}${tenantId}/${exportId}.${extension}`,
    content: null,
  });
  return {
    locate,
    async save({ bytes, ...name }) {
      const stored = locate(name);
      const key = keyOf(stored);
      const response = await send('PUT', key, bytes);
      if (!response.ok) {
        throw new Error(
          `Object storage refused the document (PUT ${where(key)}: ${await s3Reason(response)})`,
        );
      }
      await response.body?.cancel();
      return stored;
    },
    async load(file) {
      const key = keyOf(file);
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        throw new Error(`The document's file is missing from object storage (${where(key)})`);
      }
      if (!response.ok) {
        throw new Error(
          `Object storage refused the document (GET ${where(key)}: ${await s3Reason(response)})`,
        );
      }
      return Buffer.from(await response.arrayBuffer());
    },
    async remove(file) {
      const key = keyOf(file);
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) {
        throw new Error(
          `Object storage refused to delete (DELETE ${where(key)}: ${await s3Reason(response)})`,
        );
      }
      await response.body?.cancel();
    },
  };
}

/**
 * The store the configuration chooses (DOCUMENT_STORE). Files recorded in the database stay
 * readable after switching to disk or S3, since each export row says where its file is.
 */
export function configuredDocumentStore(config: DocumentStorageConfig): DocumentStore {
  let store = configuredStores.get(config);
  if (!store) {
    store = createConfiguredStore(config);
    configuredStores.set(config, store);
  }
  return store;
}

const configuredStores = new WeakMap<DocumentStorageConfig, DocumentStore>();

function createConfiguredStore(config: DocumentStorageConfig): DocumentStore {
  const primary =
    config.kind === 's3'
      ? s3DocumentStore(config)
      : config.kind === 'disk'
        ? diskDocumentStore(config.dir)
        : databaseDocumentStore;
  if (primary === databaseDocumentStore) return primary;
  return {
    save: (input) => primary.save(input),
    locate: (name) => primary.locate(name),
    load: (file) => (file.storage === 'database' ? databaseDocumentStore.load(file) : primary.load(file)),
    remove: (file) =>
      file.storage === 'database' ? databaseDocumentStore.remove(file) : primary.remove(file),
  };
}
