import { ENDPOINTS, type TradePosition } from 'shared/contract';
import { useContractForm } from 'shared/remote-kit';
import { Button, Field } from 'shared/ui';
import { NAMESPACE, Refusal, Sheet, useHost, useRemoteTranslation } from '#lib';
import { useSetPositionExitsMutation, type SetExitsBody } from '../api/set-exits';
import styles from './position-detail-screen.module.css';

interface ExitsValues {
  take_profit: string;
  stop_loss: string;
}

/** The side refusals name no field: each belongs to its price. */
const KEY_FIELDS = { take_profit_side: 'take_profit', stop_loss_side: 'stop_loss' } as const;

export interface ExitsSheetProps {
  position: TradePosition;
  onClose: () => void;
}

/**
 * Take-profit / stop-loss of a holding position (/trade/exits): both prices prefilled; an empty one clears that exit.
 * The server checks the sides (long: take profit above, stop loss below); its refusals land under their field.
 */
export function ExitsSheet({ position: p, onClose }: ExitsSheetProps) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const language = host.getSession().language;
  const [save] = useSetPositionExitsMutation();
  const form = useContractForm<ExitsValues, SetExitsBody>({
    endpoint: ENDPOINTS.setExits,
    namespace: NAMESPACE,
    labels: { take_profit: 'trade.adv.takeProfit', stop_loss: 'trade.adv.stopLoss' },
    keyFields: KEY_FIELDS,
    defaultValues: { take_profit: p.take_profit ?? '', stop_loss: p.stop_loss ?? '' },
    toBody: (values) => ({
      id: p.id,
      take_profit: values.take_profit.trim(),
      stop_loss: values.stop_loss.trim(),
      lang: language,
    }),
    send: (body) => save(body),
    onSuccess: () => {
      host.toast('exits_saved', { ns: 'msg' });
      onClose();
    },
  });
  const title = t('orderInfo.exits.title');
  return (
    <Sheet title={title} onClose={onClose}>
      <form className={styles.sheetForm} aria-label={title} onSubmit={form.onSubmit} noValidate>
        <p className={styles.note}>{t('orderInfo.exits.hint')}</p>
        <Field
          label={t('trade.adv.takeProfit')}
          inputMode="decimal"
          autoComplete="off"
          {...form.field('take_profit')}
          suffix={<span className={styles.unit}>{p.currency}</span>}
        />
        <Field
          label={t('trade.adv.stopLoss')}
          inputMode="decimal"
          autoComplete="off"
          {...form.field('stop_loss')}
          suffix={<span className={styles.unit}>{p.currency}</span>}
        />
        <Refusal error={form.refusal} market={p.market} />
        <Button type="submit" block busy={form.busy}>
          {t('orderInfo.exits.submit')}
        </Button>
      </form>
    </Sheet>
  );
}
