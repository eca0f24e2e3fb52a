/** Data access for uploaded images (table uploads, 0002_accounts.sql); the bytes are in the upload store. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { uploads } from '../../db/schema';

export type Upload = typeof uploads.$inferSelect;

export async function insertUpload(tx: Tx, upload: Omit<Upload, 'createdAt'>): Promise<void> {
  await tx.insert(uploads).values(upload);
}

export async function findUploadRow(tx: Tx, id: string): Promise<Omit<Upload, 'createdAt'> | undefined> {
  const rows = await tx
    .select({ id: uploads.id, userId: uploads.userId, kind: uploads.kind, mime: uploads.mime, size: uploads.size })
    .from(uploads)
    .where(eq(uploads.id, id));
  return rows[0];
}
