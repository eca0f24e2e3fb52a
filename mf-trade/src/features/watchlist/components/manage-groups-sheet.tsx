import { useState } from 'react';
import type { WatchGroup } from 'shared/contract';
import { Button, Field } from 'shared/ui';
import { apiErrorOf, useHost, useRemoteTranslation, Sheet } from '#lib';
import {
  useCreateWatchGroupMutation,
  useDeleteWatchGroupMutation,
  useRenameWatchGroupMutation,
} from '../api/watch-groups';
import styles from './watch-groups.module.css';

type Answer = { error?: unknown };

/** Create, rename and delete watchlist groups (the default group is not listed: it cannot change). */
export function ManageGroupsSheet({ groups, onClose }: { groups: readonly WatchGroup[]; onClose: () => void }) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const [create, creating] = useCreateWatchGroupMutation();
  const [rename] = useRenameWatchGroupMutation();
  const [remove] = useDeleteWatchGroupMutation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [names, setNames] = useState<Record<number, string>>({});
  const named = groups.filter((g) => g.id !== 0);
  const show = (answer: Answer, success: string) => {
    const refusal = answer.error ? (apiErrorOf(answer.error) ?? { msg: 'server_error' }) : undefined;
    if (refusal) setError(t(`msg:${refusal.msg}`, ('values' in refusal ? refusal.values : undefined) ?? {}));
    else {
      setError(undefined);
      host.toast(success, { ns: 'msg' });
    }
    return !refusal;
  };
  return (
    <Sheet title={t('watchGroups.manageTitle')} onClose={onClose}>
      <form
        className={styles.createRow}
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (show(await create({ name }), 'watch_group_created')) setName('');
        }}
      >
        <Field
          label={t('watchGroups.newName')}
          value={name}
          maxLength={40}
          onChange={(event) => setName(event.target.value)}
          error={error}
        />
        <Button type="submit" busy={creating.isLoading}>
          {t('watchGroups.create')}
        </Button>
      </form>
      {named.length === 0 ? <p className={styles.note}>{t('watchGroups.none')}</p> : null}
      <ul className={styles.manageList}>
        {named.map((group) => (
          <li key={group.id} className={styles.manageItem}>
            <Field
              label={t('watchGroups.name', { name: group.name })}
              value={names[group.id] ?? group.name}
              maxLength={40}
              onChange={(event) => setNames((all) => ({ ...all, [group.id]: event.target.value }))}
            />
            <span className={styles.manageButtons}>
              <Button
                type="button"
                variant="secondary"
                disabled={(names[group.id] ?? group.name) === group.name}
                onClick={async () => {
                  show(await rename({ id: group.id, name: names[group.id] ?? group.name }), 'watch_group_renamed');
                }}
              >
                {t('watchGroups.save')}
              </Button>
              <Button
                type="button"
                variant="danger"
                aria-label={t('watchGroups.deleteNamed', { name: group.name })}
                onClick={async () => {
                  show(await remove({ id: group.id }), 'watch_group_deleted');
                }}
              >
                {t('watchGroups.delete')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.note}>{t('watchGroups.deleteNote')}</p>
    </Sheet>
  );
}
