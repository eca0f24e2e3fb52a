import type { ChangeEvent } from 'react';
import type { OrderType, TradeConfig } from 'shared/contract';
import { Field, SegmentedControl, type FieldProps } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import type { Validity } from '../model/advanced-rules';
import { offersValidity, type OrderDraft } from '../model/order-form';
import styles from './trade-panel.module.css';

type Typed = 'trigger_price' | 'valid_until' | 'take_profit' | 'stop_loss';

export interface AdvancedFieldsProps {
  draft: OrderDraft;
  currency: string;
  config: Pick<TradeConfig, 'order_session_date' | 'valid_until_max'> | undefined;
  /** A typed field's registration and inline error. */
  typed: (name: Typed) => Omit<FieldProps, 'label'>;
  /** Sets a chosen value (order type, validity, the exits switch). */
  choose: (name: 'order_type' | 'validity' | 'exits', value: string | boolean) => void;
}

/** The order type control (normal / stop / OCO), shown above the price type. */
export function OrderTypeControl({ draft, choose }: Pick<AdvancedFieldsProps, 'draft' | 'choose'>) {
  const { t } = useRemoteTranslation();
  return (
    <div>
      <SegmentedControl
        label={t('trade.orderType')}
        showLabel
        value={draft.order_type}
        onChange={(value: OrderType) => choose('order_type', value)}
        options={[
          { value: 'normal', label: t('trade.adv.type.normal') },
          { value: 'stop', label: t('trade.adv.type.stop') },
          { value: 'oco', label: t('trade.adv.type.oco') },
        ]}
      />
      <p className={styles.hint}>{t(`trade.adv.typeHint.${draft.order_type}`)}</p>
    </div>
  );
}

/** The trigger price of a stop order or an OCO's stop leg. */
export function TriggerField({ draft, currency, typed }: Pick<AdvancedFieldsProps, 'draft' | 'currency' | 'typed'>) {
  const { t } = useRemoteTranslation();
  if (draft.order_type === 'normal') return null;
  return (
    <div>
      <Field
        label={t('trade.adv.trigger')}
        inputMode="decimal"
        autoComplete="off"
        {...typed('trigger_price')}
        suffix={<span className={styles.unit}>{currency}</span>}
      />
      <p className={styles.hint}>
        {t(draft.side === 'long' ? 'trade.adv.triggerHintLong' : 'trade.adv.triggerHintShort')}
      </p>
    </div>
  );
}

/**
 * Validity (today's session or until a date within /trade/config's range; none for a normal market order, which
 * fills at once or at the next open) and the optional IFD exits.
 */
export function ValidityAndExits({ draft, currency, config, typed, choose }: AdvancedFieldsProps) {
  const { t } = useRemoteTranslation();
  const session = config?.order_session_date;
  const validity = offersValidity(draft);
  return (
    <>
      {validity ? (
        <div>
          <SegmentedControl
            label={t('trade.adv.validity')}
            showLabel
            value={draft.validity}
            onChange={(value: Validity) => choose('validity', value)}
            options={[
              { value: 'today', label: t('trade.adv.validToday') },
              { value: 'date', label: t('trade.adv.validDate') },
            ]}
          />
          {session ? (
            <p className={styles.hint}>
              {draft.validity === 'today'
                ? t('trade.adv.sessionToday', { date: session })
                : t('trade.adv.sessionRange', { date: session, max: config.valid_until_max })}
            </p>
          ) : null}
        </div>
      ) : null}
      {validity && draft.validity === 'date' ? (
        <Field
          label={t('trade.adv.validUntil')}
          type="date"
          min={session}
          max={config?.valid_until_max}
          {...typed('valid_until')}
        />
      ) : null}
      <label className={styles.switch}>
        <input
          type="checkbox"
          checked={draft.exits}
          onChange={(event: ChangeEvent<HTMLInputElement>) => choose('exits', event.target.checked)}
        />
        <span>{t('trade.adv.exits')}</span>
      </label>
      {draft.exits ? (
        <div className={styles.exits}>
          <p className={styles.hint}>{t('trade.adv.exitsHint')}</p>
          <Field
            label={t('trade.adv.takeProfit')}
            inputMode="decimal"
            autoComplete="off"
            {...typed('take_profit')}
            suffix={<span className={styles.unit}>{currency}</span>}
          />
          <Field
            label={t('trade.adv.stopLoss')}
            inputMode="decimal"
            autoComplete="off"
            {...typed('stop_loss')}
            suffix={<span className={styles.unit}>{currency}</span>}
          />
        </div>
      ) : null}
    </>
  );
}
