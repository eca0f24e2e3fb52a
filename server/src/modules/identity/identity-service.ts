/**
 * Identity verification of /user/realname and /user/realnameInfo: the user submits a name, an ID
 * number and both sides of the ID; the check is pending until an operator reviews it (the review
 * is in modules/admin). Refusals are raised before anything is written, or inside the transaction
 * that then rolls back.
 */
import type { Database } from '../../db/database';
import { BusinessError } from '../../errors';
import type { InputOf } from '../../contract-input';
import { iso } from '../wire/wire';
import type { UploadStore } from '../uploads/upload-store';
import { assertImage, saveUpload } from '../uploads/uploads-service';
import {
  insertRealnameCheck,
  latestCheck,
  lockRealnameStatus,
  readRealnameStatus,
  setRealnameStatus,
} from './identity-repository';

/** "山田太郎" → "山***"; "AB123456" → "****3456". */
export function maskName(name: string): string {
  const chars = Array.from(name);
  return chars.length <= 1 ? name : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}
export function maskIdNumber(id: string): string {
  return `${'*'.repeat(Math.max(id.length - 4, 0))}${id.slice(-4)}`;
}

/** `now` is the app clock (config.now): submissions are stamped with it. */
export function createIdentityService(deps: { db: Database; uploads: UploadStore; now?: () => Date }) {
  const { db, uploads } = deps;
  const now = deps.now ?? (() => new Date());
  const service = {
    async submit(userId: bigint, input: InputOf<'realname'>, files: { front: Buffer; back: Buffer }) {
      // Both images are checked before anything is stored.
      assertImage(files.front);
      assertImage(files.back);
      await db.tx(async (tx) => {
        const status = await lockRealnameStatus(tx, userId);
        if (status === 'pending') throw new BusinessError('order_under_review');
        if (status === 'verified') throw new BusinessError('realname_already_verified');
        const front = await saveUpload(uploads, tx, { userId, kind: 'id_front', data: files.front });
        const back = await saveUpload(uploads, tx, { userId, kind: 'id_back', data: files.back });
        await insertRealnameCheck(tx, {
          userId,
          name: input.name,
          idNumber: input.id_number.toUpperCase(),
          frontId: front.id,
          backId: back.id,
          createdAt: now(),
        });
        await setRealnameStatus(tx, userId, 'pending');
      });
      return service.info(userId);
    },

    async info(userId: bigint) {
      return db.tx(
        async (tx) => {
          const status = await readRealnameStatus(tx, userId);
          const check = await latestCheck(tx, userId);
          return {
            status: status ?? 'none',
            name: check ? maskName(check.name) : '',
            id_number: check ? maskIdNumber(check.idNumber) : '',
            reject_reason: check?.rejectReason ?? null,
            submitted_at: check ? iso(check.createdAt) : null,
            front_id: check?.frontId ?? null,
            back_id: check?.backId ?? null,
          };
        },
        { readOnly: true },
      );
    },
  };
  return service;
}

export type IdentityService = ReturnType<typeof createIdentityService>;
