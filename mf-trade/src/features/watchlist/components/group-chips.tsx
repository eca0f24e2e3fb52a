import type { WatchGroup } from 'shared/contract';
import { useRemoteTranslation } from '#lib';
import styles from './watch-groups.module.css';

export type GroupFilter = 'all' | number;

/** The watchlist's group chips (All, Ungrouped, each group) and the Groups… button that opens the manage sheet. */
export function GroupChips({
  groups,
  selected,
  onSelect,
  onManage,
}: {
  groups: readonly WatchGroup[];
  selected: GroupFilter;
  onSelect: (filter: GroupFilter) => void;
  onManage: () => void;
}) {
  const { t } = useRemoteTranslation();
  const chips: Array<[GroupFilter, string]> = [
    ['all', t('watchGroups.all')],
    ...groups.map((g): [GroupFilter, string] => [g.id, g.id === 0 ? t('watchGroups.default') : g.name]),
  ];
  return (
    <div className={styles.chipsRow}>
      <div className={styles.chips} role="group" aria-label={t('watchGroups.label')}>
        {chips.map(([id, label]) => (
          <button
            key={String(id)}
            type="button"
            className={styles.chip}
            aria-pressed={selected === id}
            onClick={() => onSelect(id)}
          >
            {label}
          </button>
        ))}
      </div>
      <button type="button" className={styles.manage} aria-haspopup="dialog" onClick={onManage}>
        {t('watchGroups.manage')}
      </button>
    </div>
  );
}
