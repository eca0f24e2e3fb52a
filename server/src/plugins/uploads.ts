/**
 * The app's upload store (fastify-plugin, registered after `db`; modules/uploads/upload-store.ts): `app.uploads`.
 * - DATABASE_URL (PostgreSQL): the database (upload_blobs), so every instance serves what any of them stored; no
 *   folder is used (UPLOADS_DIR is ignored, with a line in the log);
 * - embedded PGlite on disk: the folder UPLOADS_DIR, else DATA_DIR/uploads;
 * - in-memory PGlite (tests): the folder when one is given, else the database (the bytes go with it).
 */
import fp from 'fastify-plugin';
import path from 'node:path';
import { createDatabaseStore, createFolderStore, type UploadStore } from '../modules/uploads/upload-store';

declare module '../config' {
  interface AppOptions {
    /** The uploads folder of the embedded database (UPLOADS_DIR; default DATA_DIR/uploads). Unused on PostgreSQL. */
    uploadsDir?: string;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded images' bytes are kept. */
    uploads: UploadStore;
  }
}

export interface UploadsOptions {
  /** The folder (AppOptions.uploadsDir); else process.env.UPLOADS_DIR. */
  dir?: string;
}

export function chooseUploadStore(
  database: { kind: 'pglite'; dataDir?: string } | { kind: 'postgres' },
  dir: string | undefined,
): UploadStore {
  if (database.kind === 'postgres') return createDatabaseStore();
  const folder = dir ?? (database.dataDir ? path.join(database.dataDir, 'uploads') : undefined);
  return folder ? createFolderStore(folder) : createDatabaseStore();
}

export const uploadsPlugin = fp<UploadsOptions>(
  async (app, options) => {
    const dir = options.dir ?? (process.env.UPLOADS_DIR || undefined);
    const store = chooseUploadStore(app.config.database, dir);
    if (app.config.database.kind === 'postgres' && dir)
      app.log.info(
        { dir },
        'uploads are kept in PostgreSQL (upload_blobs), where every instance reads them: UPLOADS_DIR is not used',
      );
    app.decorate('uploads', store);
  },
  { name: 'uploads', dependencies: ['config', 'db'] },
);
