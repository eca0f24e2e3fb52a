import { ENDPOINTS, type TradePosition } from 'shared/contract';
import { Button, Field } from 'shared/ui';
import { useContractForm } from 'shared/remote-kit';
import { NAMESPACE, Refusal, Sheet, useHost, useRemoteTranslation } from '#lib';
import { useModifyTradeOrderMutation, type ModifyOrderBody } from '../api/modify-order';
import { advancedRules } from '../model/advanced-rules';
import styles from './trade-orders.module.css';

interface ModifyValues {
  price: string;
  trigger_price: string;
  quantity: string;
}

const LABELS = {
  price: 'trade.price',
  trigger_price: 'trade.adv.trigger',
  quantity: 'trade.quantity',
} as const;

/** Refusals the server sends without a field, and the field they are about. */
const KEY_FIELDS = {
  oco_prices_order: 'trigger_price',
  trigger_already_reached: 'trigger_price',
  trigger_required: 'trigger_price',
  price_beyond_limit: 'price',
} as const;

export interface ModifyOrderSheetProps {
  order: TradePosition;
  onClose: () => void;
}

/** A decimal as typed, without the trailing zeros the server's decimals carry ("2900.00" and "2900" are equal). */
const same = (typed: string, current: string | null) => Number(typed.trim()) === Number(current ?? '');

/**
 * Change a waiting order (/trade/modify): its limit (a limit order, an OCO's limit leg), its trigger (a stop, an
 * OCO) and its quantity. Only what changed is sent; the hold follows on the server in the same transaction. An
 * OCO's order (a buy's limit below its trigger) is checked here too; refusals land under their field.
 */
export function ModifyOrderSheet({ order, onClose }: ModifyOrderSheetProps) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const language = host.getSession().language;
  const [modify] = useModifyTradeOrderMutation();
  const hasLimit = order.price_type === 'limit';
  const hasTrigger = order.order_type !== 'normal';
  const form = useContractForm<ModifyValues, ModifyOrderBody>({
    endpoint: ENDPOINTS.modifyOrder,
    namespace: NAMESPACE,
    labels: LABELS,
    keyFields: KEY_FIELDS,
    defaultValues: {
      price: order.limit_price ?? '',
      trigger_price: order.trigger_price ?? '',
      quantity: order.stock_num,
    },
    toBody: (values) => ({
      id: order.id,
      ...(hasLimit && !same(values.price, order.limit_price) ? { price: values.price.trim() } : {}),
      ...(hasTrigger && !same(values.trigger_price, order.trigger_price)
        ? { trigger_price: values.trigger_price.trim() }
        : {}),
      ...(!same(values.quantity, order.stock_num) ? { quantity: values.quantity.trim() } : {}),
      lang: language,
    }),
    rules: (values) =>
      order.order_type === 'oco'
        ? advancedRules(
            {
              order_type: 'oco',
              trigger_price: values.trigger_price,
              validity: 'today',
              valid_until: '',
              exits: false,
              take_profit: '',
              stop_loss: '',
            },
            { side: order.direction, priceType: 'limit', price: values.price, lastPrice: undefined, open: false },
            undefined,
          )
        : {},
    send: (body, idempotencyKey) => modify({ body, idempotencyKey }),
    onSuccess: () => {
      host.toast('order_modified', { ns: 'msg' });
      onClose();
    },
  });
  const title = t('orderInfo.modify.title', { name: order.name });
  return (
    <Sheet title={title} onClose={onClose}>
      <form className={styles.sheetForm} aria-label={title} onSubmit={form.onSubmit} noValidate>
        {hasLimit ? (
          <Field label={t('trade.price')} inputMode="decimal" autoComplete="off" {...form.field('price')} />
        ) : null}
        {hasTrigger ? (
          <Field
            label={t('trade.adv.trigger')}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('trigger_price')}
          />
        ) : null}
        <Field label={t('trade.quantity')} inputMode="numeric" autoComplete="off" {...form.field('quantity')} />
        <p className={styles.hint}>{t('orderInfo.modify.hint')}</p>
        <Refusal error={form.refusal} market={order.market} />
        <Button type="submit" block busy={form.busy}>
          {t('orderInfo.modify.submit')}
        </Button>
      </form>
    </Sheet>
  );
}
