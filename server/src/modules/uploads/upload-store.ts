/**
 * Where the bytes of uploads live, behind one interface (issue 34 point 7, docs/decisions/0035):
 * - `database`: the table upload_blobs (0031), written in the transaction that writes the uploads row, so every
 *   instance on one PostgreSQL serves what any of them stored. Chosen with DATABASE_URL, and for in-memory PGlite
 *   (tests: the bytes go with the database);
 * - `folder`: one file per upload, named by its random id, in a folder outside the web root (mode 0700, files 0600).
 *   The embedded default: DATA_DIR/uploads (UPLOADS_DIR overrides it), one machine only.
 * Ids are checked before any path is built. Another store (S3-compatible) would implement the same two calls.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { uploadBlobs } from '../../db/schema';

export interface UploadStore {
  readonly kind: 'database' | 'folder';
  /** The folder of a folder store (for logs and tests). */
  readonly dir?: string;
  /** Stores the bytes of upload `id` (its uploads row is written in the same transaction, just before). */
  put(tx: Tx, id: string, data: Buffer): Promise<void>;
  /** The bytes of upload `id`, or undefined when none are stored. */
  get(tx: Tx, id: string): Promise<Buffer | undefined>;
}

/** The only names ever used for a stored upload (the uploads.id CHECK of 0002 is the same). */
export const UPLOAD_ID = /^[A-Za-z0-9_-]{16,64}$/;

function checkedId(id: string): string {
  if (!UPLOAD_ID.test(id)) throw new Error(`not an upload id: ${JSON.stringify(id)}`);
  return id;
}

export function createDatabaseStore(): UploadStore {
  return {
    kind: 'database',
    async put(tx, id, data) {
      await tx.insert(uploadBlobs).values({ id: checkedId(id), data });
    },
    async get(tx, id) {
      const rows = await tx
        .select({ data: uploadBlobs.data })
        .from(uploadBlobs)
        .where(eq(uploadBlobs.id, checkedId(id)));
      return rows[0]?.data;
    },
  };
}

export function createFolderStore(folder: string): UploadStore {
  const dir = path.resolve(folder);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const fileOf = (id: string) => path.join(dir, checkedId(id));
  return {
    kind: 'folder',
    dir,
    // The file is written after the row inside the transaction: a failed write rolls the row back, so a row never
    // points at a missing file; a transaction rolled back later leaves an unreferenced file (never served).
    async put(_tx, id, data) {
      await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
      await fs.promises.writeFile(fileOf(id), data, { mode: 0o600, flag: 'wx' });
    },
    async get(_tx, id) {
      return fs.promises.readFile(fileOf(id)).catch(() => undefined);
    },
  };
}
