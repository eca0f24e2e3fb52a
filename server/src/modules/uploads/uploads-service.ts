/**
 * Uploaded images (ID front/back, deposit proof): checked by magic bytes (JPEG, PNG, WebP; the
 * client's file name and content type are ignored) and size (5 MB), stored under a random
 * 128-bit id with a row in `uploads`, the bytes in the app's upload store (upload-store.ts: the
 * database with DATABASE_URL, so every instance serves them; a folder under DATA_DIR for the
 * embedded default; never under the web root). Served only to the owner and to administrators
 * (readUpload + the caller's check).
 */
import { randomBytes } from 'node:crypto';
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { findUploadRow, insertUpload, type Upload } from './uploads-repository';
import { UPLOAD_ID, type UploadStore } from './upload-store';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export type UploadKind = Upload['kind'];
export type ImageMime = Upload['mime'];

/** The image type of `data` by its first bytes, or undefined. */
export function sniffImage(data: Buffer): ImageMime | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

/** Refuses what is not an image of ours: file_too_large ({{max}}) or file_type_invalid. */
export function assertImage(data: Buffer): ImageMime {
  if (data.length > MAX_UPLOAD_BYTES) throw new BusinessError('file_too_large', { values: { max: '5 MB' } });
  const mime = data.length > 0 ? sniffImage(data) : undefined;
  if (!mime) throw new BusinessError('file_type_invalid');
  return mime;
}

/** Checks and stores one image; answers its id. Row and bytes are written in the caller's transaction. */
export async function saveUpload(
  store: UploadStore,
  tx: Tx,
  input: { userId: bigint; kind: UploadKind; data: Buffer },
): Promise<{ id: string }> {
  const mime = assertImage(input.data);
  const id = randomBytes(16).toString('base64url');
  await insertUpload(tx, { id, userId: input.userId, kind: input.kind, mime, size: input.data.length });
  await store.put(tx, id, input.data);
  return { id };
}

export async function findUpload(tx: Tx, id: string): Promise<Omit<Upload, 'createdAt'> | undefined> {
  if (!UPLOAD_ID.test(id)) return undefined;
  return findUploadRow(tx, id);
}

/** The bytes of an upload the caller may see: its owner, or any administrator. Else not_found. */
export async function readUpload(
  store: UploadStore,
  tx: Tx,
  id: string,
  viewer: { userId: bigint; isAdmin: boolean },
): Promise<{ mime: ImageMime; data: Buffer }> {
  const row = await findUpload(tx, id);
  // Another user's image answers exactly like a missing one: ids are not confirmed to strangers.
  if (!row || (!viewer.isAdmin && row.userId !== viewer.userId)) throw new BusinessError('not_found');
  const data = await store.get(tx, row.id);
  if (!data) throw new BusinessError('not_found');
  return { mime: row.mime, data };
}
