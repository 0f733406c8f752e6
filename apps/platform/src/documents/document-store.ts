import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { DocumentStorageConfig, DocumentStoresConfig } from '../config/env.ts';

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

/**
 * A file the store does not hold (any more): its export was deleted and the file removed with it, or
 * it was lost from the folder or the bucket. A download answers 404 for it (`readExportFile`).
 */
export class MissingDocumentFile extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MissingDocumentFile';
  }
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

async function folderExists(path: string): Promise<boolean> {
  return stat(path).then(
    (found) => found.isDirectory(),
    () => false,
  );
}

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
        // Missing from a folder that is there: that file is lost. The folder itself gone (a volume
        // not mounted, a wrong DATA_DIR) is the platform's outage, not a 404 for every document.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' && (await folderExists(root))) {
          throw new MissingDocumentFile(
            `The document's file is missing from the document folder (${file.key})`,
          );
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
  /** The longest one call may take, its retries and its answer's body included: `s3RequestTimeoutMs` unless given. */
  timeoutMs?: number;
}

/**
 * The longest one object-storage call (a PUT, GET or DELETE, with its retries and its answer read)
 * may take. A bucket that takes the connection and never answers would otherwise hold the job, or
 * the download, for as long as the platform's fetch waits (about 5 minutes for headers, per
 * attempt; before 2026-12-02 nothing else bounded it). 30 s is far past a healthy upload of the
 * largest document (some 5 MB).
 */
export const s3RequestTimeoutMs = 30_000;

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
  const timeoutMs = options.timeoutMs ?? s3RequestTimeoutMs;
  /** A failure of the call itself (no answer, or none in time) in words naming it. */
  const unreachable = (method: string, key: string, error: unknown) => {
    if (error instanceof Error && error.name === 'TimeoutError')
      return new Error(
        `Object storage did not answer within ${timeoutMs / 1000} s (${method} ${where(key)})`,
      );
    const reason = error instanceof Error ? error.message : String(error);
    return new Error(`Object storage could not be reached (${method} ${where(key)}: ${reason})`);
  };
  /**
   * One call, bounded by `timeoutMs` from its start to its answer's end: `read` takes what it needs
   * of the answer under the same bound (the body of a GET stalls as the headers can).
   */
  const send = async <T>(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    read: (response: Response) => Promise<T>,
    body?: Buffer,
  ): Promise<T> => {
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await client.fetch(s3ObjectUrl(options, key), {
        method,
        signal,
        ...(body && {
          // A Buffer's memory is an ArrayBuffer (never shared): what fetch's BodyInit takes.
          body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength),
          headers: { 'content-length': String(body.length) },
        }),
      });
    } catch (error) {
      throw unreachable(method, key, error);
    }
    try {
      return await read(response);
    } catch (error) {
      // The answer's body stopped coming in time (an error of the answer itself is thrown as it is).
      if (signal.aborted) throw unreachable(method, key, signal.reason);
      throw error;
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
      await send(
        'PUT',
        key,
        async (response) => {
          if (!response.ok) {
            throw new Error(
              `Object storage refused the document (PUT ${where(key)}: ${await s3Reason(response)})`,
            );
          }
          await response.body?.cancel();
        },
        bytes,
      );
      return stored;
    },
    async load(file) {
      const key = keyOf(file);
      return send('GET', key, async (response) => {
        // Only a key the bucket does not hold is a lost file; a bucket that is not there
        // (NoSuchBucket, also a 404) is the platform's outage, not a 404 for every document.
        if (response.status === 404) {
          const reason = await s3Reason(response);
          if (/^404 NoSuchKey\b/.test(reason)) {
            throw new MissingDocumentFile(
              `The document's file is missing from object storage (${where(key)})`,
            );
          }
          throw new Error(`Object storage refused the document (GET ${where(key)}: ${reason})`);
        }
        if (!response.ok) {
          throw new Error(
            `Object storage refused the document (GET ${where(key)}: ${await s3Reason(response)})`,
          );
        }
        return Buffer.from(await response.arrayBuffer());
      });
    },
    async remove(file) {
      const key = keyOf(file);
      await send('DELETE', key, async (response) => {
        if (!response.ok && response.status !== 404) {
          throw new Error(
            `Object storage refused to delete (DELETE ${where(key)}: ${await s3Reason(response)})`,
          );
        }
        await response.body?.cancel();
      });
    },
  };
}

/**
 * The store the configuration chooses (DOCUMENT_STORE): new files go there. A file is read and
 * removed by the store of the kind its row records (`storage`), so files written before a switch
 * of store stay readable and removable where they were written: in the database always, on disk
 * where `dir` is known, in the bucket where `s3` is. Before 2026-12-04 only the database's were:
 * after a switch from disk to S3 a disk file went to the S3 store, which refused it, so its
 * download answered 500 and its removal (a consent's end) failed for ever, the client's data left
 * on disk. A row whose kind has no store configured is refused naming the setting it needs.
 */
export function configuredDocumentStore(config: DocumentStoresConfig): DocumentStore {
  let store = configuredStores.get(config);
  if (!store) {
    store = createConfiguredStore(config);
    configuredStores.set(config, store);
  }
  return store;
}

const configuredStores = new WeakMap<DocumentStorageConfig, DocumentStore>();

function createConfiguredStore(config: DocumentStoresConfig): DocumentStore {
  const primary =
    config.kind === 's3'
      ? s3DocumentStore(config)
      : config.kind === 'disk'
        ? diskDocumentStore(config.dir)
        : databaseDocumentStore;
  const stores: Partial<Record<StoredFile['storage'], DocumentStore>> = {
    database: databaseDocumentStore,
    ...(config.kind !== 'disk' && config.dir !== undefined && { disk: diskDocumentStore(config.dir) }),
    ...(config.kind !== 's3' && config.s3 && { s3: s3DocumentStore(config.s3) }),
    [config.kind]: primary,
  };
  const storeOf = (file: StoredFile): DocumentStore => {
    const store = stores[file.storage];
    if (store) return store;
    const [where, what] =
      file.storage === 'disk' ? ['on disk', 'no folder'] : ['in object storage', 'no bucket'];
    throw new Error(
      `The document's file is ${where} (${file.key}), but DOCUMENT_STORE is ${config.kind} and ${what} is configured for it`,
    );
  };
  return {
    save: (input) => primary.save(input),
    locate: (name) => primary.locate(name),
    load: async (file) => storeOf(file).load(file),
    remove: async (file) => storeOf(file).remove(file),
  };
}
