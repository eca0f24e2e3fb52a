import { ALERT_KINDS, ENDPOINTS, alertThresholdText, type AlertKind } from 'shared/contract';
import type { Market } from 'shared/mf';
import { formatMoney } from 'shared/money';
import { Button, Field } from 'shared/ui';
import { SelectField, useContractForm } from 'shared/remote-kit';
import { NAMESPACE, Refusal, useHost, useRemoteTranslation, Sheet } from '#lib';
import { useCreateAlertMutation, useDeleteAlertMutation, useGetAlertsQuery } from '../api/alerts';
import { NotifyPermission } from './notify-permission';
import styles from './alerts.module.css';

interface AlertValues {
  kind: AlertKind;
  threshold: string;
}

export interface AlertSheetProps {
  code: string;
  market: Market;
  name: string;
  currency: string;
  onClose: () => void;
}

type Alert = NonNullable<ReturnType<typeof useGetAlertsQuery>['data']>['list'][number];

/** One stock's price alerts: a form (type, threshold) checked with the contract, and the list with Delete. */
export function AlertSheet({ code, market, name, currency, onClose }: AlertSheetProps) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const lang = host.getSession().language;
  const alerts = useGetAlertsQuery({ code, market, lang }, { refetchOnMountOrArgChange: true });
  const [create] = useCreateAlertMutation();
  const [remove, removing] = useDeleteAlertMutation();
  const form = useContractForm<AlertValues, AlertValues & { code: string; market: Market }>({
    endpoint: ENDPOINTS.alertCreate,
    defaultValues: { kind: 'price_above', threshold: '' },
    toBody: (values) => ({ ...values, code, market }),
    send: (body) => create(body),
    onSuccess: () => {
      host.toast('alert_created', { ns: 'msg' });
      form.form.reset({ kind: form.form.getValues('kind'), threshold: '' });
    },
    labels: { threshold: 'alerts.threshold', kind: 'alerts.kind' },
    namespace: NAMESPACE,
  });
  const kind = form.form.watch('kind');
  const onDelete = async (id: Alert['id']) => {
    const answer = await remove({ id });
    if (!('error' in answer) || !answer.error) host.toast('alert_deleted', { ns: 'msg' });
  };
  const list = alerts.data?.list ?? [];
  return (
    <Sheet title={t('alerts.titleNamed', { name })} onClose={onClose}>
      <form className={styles.form} onSubmit={form.onSubmit} noValidate>
        <SelectField
          label={t('alerts.kind')}
          options={ALERT_KINDS.map((value) => ({ value, label: t(`alerts.kinds.${value}`) }))}
          {...form.field('kind')}
        />
        <Field
          label={t('alerts.threshold')}
          inputMode="decimal"
          autoComplete="off"
          suffix={<span className={styles.unit}>{kind === 'change_beyond' ? '±%' : currency}</span>}
          {...form.field('threshold')}
        />
        <Refusal error={form.refusal} />
        <Button type="submit" busy={form.busy} block>
          {t('alerts.create')}
        </Button>
      </form>
      <h3 className={styles.listTitle}>{t('alerts.listTitle')}</h3>
      {list.length === 0 ? (
        <p className={styles.note}>{t('alerts.none')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('alerts.listTitle')}>
          {list.map((alert) => (
            <AlertItem key={alert.id} alert={alert} busy={removing.isLoading} onDelete={onDelete} />
          ))}
        </ul>
      )}
      <p className={styles.note}>{t('alerts.limitNote', { max: alerts.data?.max_active ?? 20 })}</p>
      <NotifyPermission />
    </Sheet>
  );
}

/** One alert of the list: what it watches, whether it fired (at what price), and its Delete button. */
function AlertItem({ alert, busy, onDelete }: { alert: Alert; busy: boolean; onDelete: (id: Alert['id']) => void }) {
  const { t } = useRemoteTranslation();
  const what = t(`alerts.describe.${alert.kind}`, {
    threshold: alertThresholdText(alert.kind, alert.threshold),
    currency: alert.currency,
  });
  return (
    <li className={styles.item}>
      <span className={styles.itemText}>
        <span>{what}</span>
        <span className={alert.status === 'fired' ? styles.fired : styles.active}>
          {alert.status === 'fired'
            ? t('alerts.firedAt', { price: formatMoney(alert.fired_price), currency: alert.currency })
            : t('alerts.active')}
        </span>
      </span>
      <button
        type="button"
        className={styles.delete}
        disabled={busy}
        aria-label={t('alerts.deleteNamed', { what })}
        onClick={() => onDelete(alert.id)}
      >
        {t('alerts.delete')}
      </button>
    </li>
  );
}
