/**
 * Images of /user/image (the owner's own only) and /admin/image (any; viewing is audited in the
 * same transaction). Another user's image answers exactly like a missing one.
 */
import type { Database } from '../../db/database';
import { recordAudit } from '../audit/audit-service';
import type { UploadStore } from './upload-store';
import { readUpload } from './uploads-service';

export function createImageService(deps: { db: Database; uploads: UploadStore }) {
  const { db, uploads } = deps;
  return {
    async view(id: string, viewer: { userId: bigint; isAdmin: boolean }) {
      return db.tx(async (tx) => {
        const image = await readUpload(uploads, tx, id, viewer);
        if (viewer.isAdmin)
          await recordAudit(tx, { actorId: viewer.userId, action: 'image.view', target: `upload:${id}` });
        return { id, mime: image.mime, data_url: `data:${image.mime};base64,${image.data.toString('base64')}` };
      });
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
