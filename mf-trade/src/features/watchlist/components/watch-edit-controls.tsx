import type { WatchGroup } from 'shared/contract';
import type { Market } from 'shared/mf';
import { useRemoteTranslation } from '#lib';
import { useMoveWatchMutation, useReorderWatchMutation } from '../api/watch-groups';
import styles from './watch-groups.module.css';

export interface WatchEditControlsProps {
  market: Market;
  code: string;
  name: string;
  groups: readonly WatchGroup[];
  /** The stock's group (0: the default group) and whether it is first or last in it. */
  groupId: number;
  first: boolean;
  last: boolean;
}

/** In edit mode, per stock: its group (a native select) and up/down within the group; buttons work by touch and key. */
export function WatchEditControls({ market, code, name, groups, groupId, first, last }: WatchEditControlsProps) {
  const { t } = useRemoteTranslation();
  const [move, moving] = useMoveWatchMutation();
  const [reorder, reordering] = useReorderWatchMutation();
  const busy = moving.isLoading || reordering.isLoading;
  return (
    <span className={styles.controls}>
      {groups.length > 1 ? (
        <select
          className={styles.select}
          aria-label={t('watchGroups.moveNamed', { name })}
          value={String(groupId)}
          disabled={busy}
          onChange={(event) => void move({ market, code, group_id: Number(event.target.value) })}
        >
          {groups.map((g) => (
            <option key={g.id} value={String(g.id)}>
              {g.id === 0 ? t('watchGroups.default') : g.name}
            </option>
          ))}
        </select>
      ) : null}
      <button
        type="button"
        className={styles.arrow}
        aria-label={t('watchGroups.upNamed', { name })}
        disabled={busy || first}
        onClick={() => void reorder({ market, code, direction: 'up' })}
      >
        ↑
      </button>
      <button
        type="button"
        className={styles.arrow}
        aria-label={t('watchGroups.downNamed', { name })}
        disabled={busy || last}
        onClick={() => void reorder({ market, code, direction: 'down' })}
      >
        ↓
      </button>
    </span>
  );
}
