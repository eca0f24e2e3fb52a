/**
 * The user's side of block trades, read-only: the listings (each with this user's channel-password lock,
 * if any) and the user's own applications.
 */
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { toI18nLang } from '../wire/lang';
import {
  applicationById,
  listApplications,
  listingById,
  listListings,
  passwordFailures,
  type ListingRow,
} from './block-repository';
import { APPLICATION_STATES, CHANNEL_PASSWORD_TRIES, applicationOf, listingOf, localDay } from './block-wire';
import type { BlockContext } from './block-context';

type ReadDeps = Pick<BlockContext, 'db' | 'now' | 'prices'>;

/** The end of today's lock for this user and listing, or null when not locked. */
async function lockOf(now: () => Date, tx: Tx, listing: ListingRow, userId: bigint): Promise<Date | null> {
  const day = localDay(listing.market, now());
  const failures = await passwordFailures(tx, listing.id, userId, day.date);
  return failures >= CHANNEL_PASSWORD_TRIES ? day.endsAt : null;
}

/** /block/list: a page of listings of one market, variant and state. */
export async function listBlocks({ db, now, prices }: ReadDeps, userId: bigint, input: InputOf<'blockList'>) {
  const lang = toI18nLang(input.lang);
  return db.tx(
    async (tx) => {
      const { rows, total } = await listListings(
        tx,
        { market: input.type, variant: input.variant, state: input.state, now: now() },
        { size: input.size, offset: (input.page - 1) * input.size },
      );
      const list = [];
      for (const row of rows) list.push(listingOf(row, prices, lang, now(), await lockOf(now, tx, row, userId)));
      return { list, total };
    },
    { readOnly: true },
  );
}

/** /block/info: one listing. */
export async function blockInfo({ db, now, prices }: ReadDeps, userId: bigint, input: InputOf<'blockInfo'>) {
  return db.tx(
    async (tx) => {
      const row = await listingById(tx, input.id);
      if (!row) throw new BusinessError('not_found');
      return listingOf(row, prices, toI18nLang(input.lang), now(), await lockOf(now, tx, row, userId));
    },
    { readOnly: true },
  );
}

/** /block/applications: a page of the user's applications of one state (or all). */
export async function userApplications(
  { db, prices }: Pick<BlockContext, 'db' | 'prices'>,
  userId: bigint,
  input: InputOf<'blockApplications'>,
) {
  const lang = toI18nLang(input.lang);
  return db.tx(
    async (tx) => {
      const status = input.status === 'all' ? undefined : APPLICATION_STATES.indexOf(input.status);
      const { rows, total } = await listApplications(
        tx,
        { userId, variant: input.variant, market: input.type, status },
        { size: input.size, offset: (input.page - 1) * input.size },
      );
      return { list: rows.map((row) => applicationOf(row, prices, lang)), total };
    },
    { readOnly: true },
  );
}

/** /block/applicationInfo: one of the user's applications. */
export async function userApplicationInfo(
  { db, prices }: Pick<BlockContext, 'db' | 'prices'>,
  userId: bigint,
  input: InputOf<'blockApplicationInfo'>,
) {
  return db.tx(
    async (tx) => {
      const row = await applicationById(tx, input.id, { userId });
      if (!row) throw new BusinessError('not_found');
      return applicationOf(row, prices, toI18nLang(input.lang));
    },
    { readOnly: true },
  );
}
