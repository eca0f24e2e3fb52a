import { useId, useState } from 'react';
import { apiErrorOf } from 'shared/remote-kit';
import type { AdminUserDetail } from 'shared/contract';
import { useRemoteTranslation } from '#lib';
import { useSetUserFlagsMutation } from '../api/users-api';
import styles from './users.module.css';

const FLAGS = ['banned', 'frozen', 'trade_disabled'] as const;
type Flag = (typeof FLAGS)[number];

/**
 * Ban, freeze, bar trading: the three flags and the reason (4–200 characters) the user is shown in an inbox message
 * and, while barred from trading, on their account. Shown only to roles allowed /admin/userFlags.
 */
export function UserFlags({ user }: { user: AdminUserDetail['user'] }) {
  const { t } = useRemoteTranslation();
  const reasonId = useId();
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    banned: user.banned,
    frozen: user.frozen,
    trade_disabled: user.trade_disabled,
  });
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [saved, setSaved] = useState(false);
  const [save, { isLoading }] = useSetUserFlagsMutation();

  const submit = async () => {
    setSaved(false);
    const given = reason.trim();
    if (given.length < 4 || given.length > 200) {
      setProblem(t('msg:reason_required'));
      return;
    }
    setProblem('');
    const bit = (flag: Flag) => (flags[flag] ? '1' : '0');
    const result = await save({
      account: user.account,
      banned: bit('banned'),
      frozen: bit('frozen'),
      trade_disabled: bit('trade_disabled'),
      reason: given,
    });
    if ('error' in result) {
      const error = apiErrorOf(result.error);
      setProblem(error ? t(`msg:${error.msg}`, { ...error.values }) : t('users.flagsFailed'));
      return;
    }
    setReason('');
    setSaved(true);
  };

  return (
    <form
      aria-label={t('users.flagsTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3>{t('users.flagsTitle')}</h3>
      <FlagChoices flags={flags} onChange={setFlags} />
      <label htmlFor={reasonId}>{t('users.reason')}</label>
      <p className={styles.note}>{t('users.reasonNote')}</p>
      <textarea
        id={reasonId}
        className={styles.reason}
        rows={2}
        maxLength={200}
        value={reason}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${reasonId}-error` : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      {problem ? (
        <p id={`${reasonId}-error`} className={styles.error} role="alert">
          {problem}
        </p>
      ) : null}
      {saved ? (
        <p className={styles.ok} role="status">
          {t('users.flagsSaved')}
        </p>
      ) : null}
      <button type="submit" className="ds-button ds-button--danger" disabled={isLoading}>
        {t('users.saveFlags')}
      </button>
    </form>
  );
}

/** The three flags as checkboxes. */
function FlagChoices({
  flags,
  onChange,
}: {
  flags: Record<Flag, boolean>;
  onChange: (next: Record<Flag, boolean>) => void;
}) {
  const { t } = useRemoteTranslation();
  return (
    <fieldset className={styles.flags}>
      <legend className="ds-visually-hidden">{t('users.flags')}</legend>
      {FLAGS.map((flag) => (
        <label key={flag}>
          <input
            type="checkbox"
            checked={flags[flag]}
            onChange={(event) => onChange({ ...flags, [flag]: event.target.checked })}
          />
          {t(`users.flag.${flag}`)}
        </label>
      ))}
    </fieldset>
  );
}
