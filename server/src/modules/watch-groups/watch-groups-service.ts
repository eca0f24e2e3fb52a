/**
 * Watchlist groups (docs/decisions/0022-alerts-and-watchlist-groups.md): at most WATCH_GROUP_MAX named groups per
 * user besides the default one (id 0 on the wire, NULL in the table); names unique per user; deleting a group sends
 * its stocks back to the default group; a moved stock goes first in its new group; up/down swaps a stock with its
 * neighbour and renumbers the group. Every change runs under the user's row lock.
 */
import { WATCH_GROUP_MAX, type WatchGroup } from 'shared/contract';
import type { Database } from '../../db/database';
import { BusinessError } from '../../errors';
import { lockUser } from '../users/users-repository';
import {
  deleteGroup,
  insertGroup,
  listGroups,
  listPlacements,
  placeFirst,
  renameGroup,
  renumber,
} from './watch-groups-repository';

type Stock = { market: 'jpy' | 'usd' | 'cny'; code: string };

export function createWatchGroupsService(context: { db: Database; now: () => Date }) {
  const { db, now } = context;
  return {
    async list(userId: bigint): Promise<{ groups: WatchGroup[]; max: number }> {
      return db.tx(
        async (tx) => {
          const groups = await listGroups(tx, userId);
          const placements = await listPlacements(tx, userId);
          const itemsOf = (id: number | null) =>
            placements.filter((p) => p.groupId === id).map((p) => ({ market: p.market, code: p.code }));
          return {
            groups: [
              { id: 0, name: '', items: itemsOf(null) },
              ...groups.map((g) => ({ id: g.id, name: g.name, items: itemsOf(g.id) })),
            ],
            max: WATCH_GROUP_MAX,
          };
        },
        { readOnly: true },
      );
    },
    async create(userId: bigint, name: string): Promise<{ id: number }> {
      return db.tx(async (tx) => {
        await lockUser(tx, userId);
        if ((await listGroups(tx, userId)).length >= WATCH_GROUP_MAX)
          throw new BusinessError('watch_group_limit', { values: { max: String(WATCH_GROUP_MAX) } });
        const id = await insertGroup(tx, userId, name, now());
        if (id === undefined) throw new BusinessError('watch_group_name_taken', { field: 'name' });
        return { id };
      });
    },
    async rename(userId: bigint, id: number, name: string): Promise<void> {
      await db.tx(async (tx) => {
        await lockUser(tx, userId);
        const groups = await listGroups(tx, userId);
        if (!groups.some((g) => g.id === id)) throw new BusinessError('not_found');
        if (groups.some((g) => g.id !== id && g.name === name))
          throw new BusinessError('watch_group_name_taken', { field: 'name' });
        await renameGroup(tx, userId, id, name);
      });
    },
    async remove(userId: bigint, id: number): Promise<void> {
      await db.tx(async (tx) => {
        await lockUser(tx, userId);
        if (!(await deleteGroup(tx, userId, id))) throw new BusinessError('not_found');
      });
    },
    async move(userId: bigint, stock: Stock, groupId: number): Promise<void> {
      await db.tx(async (tx) => {
        await lockUser(tx, userId);
        if (groupId !== 0 && !(await listGroups(tx, userId)).some((g) => g.id === groupId))
          throw new BusinessError('not_found', { field: 'group_id' });
        if (!(await placeFirst(tx, userId, stock, groupId === 0 ? null : groupId)))
          throw new BusinessError('watch_not_found', { field: 'code' });
      });
    },
    async reorder(userId: bigint, stock: Stock, direction: 'up' | 'down'): Promise<void> {
      await db.tx(async (tx) => {
        await lockUser(tx, userId);
        const placements = await listPlacements(tx, userId);
        const self = placements.find((p) => p.market === stock.market && p.code === stock.code);
        if (!self) throw new BusinessError('watch_not_found', { field: 'code' });
        const group = placements.filter((p) => p.groupId === self.groupId);
        const at = group.indexOf(self);
        const to = direction === 'up' ? at - 1 : at + 1;
        if (to < 0 || to >= group.length) return; // already first or last: nothing to do
        [group[at], group[to]] = [group[to]!, group[at]!];
        await renumber(tx, userId, group);
      });
    },
  };
}

export type WatchGroupsService = ReturnType<typeof createWatchGroupsService>;
