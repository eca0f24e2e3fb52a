import { useState } from 'react';
import { DetailList } from 'shared/remote-kit';
import { labelKeyOf, screenStyles, useRemoteTranslation } from '#lib';
import type { CatalogueAnswer } from '../api/catalogue-api';
import type { ActionSpec, CatalogueDescription, Row } from '../model/catalogue-types';
import { CatalogueForm } from './catalogue-form';
import { CatalogueValue } from './catalogue-value';
import { DrawResult } from './draw-result';
import styles from './catalogues.module.css';

export interface CatalogueDetailProps {
  catalogue: CatalogueDescription;
  row: Row;
  filter?: string;
  /** Whether the operator's roles allow the action's endpoint (/admin/me `allowed`). */
  may: (action: ActionSpec) => boolean;
  /** The data of the last action whose answer the catalogue shows (the draw's summary). */
  answer: { action: ActionSpec['id']; data: unknown } | null;
  onDone: (answer: CatalogueAnswer, action: ActionSpec) => void;
}

/** The selected row: its fields, the answer of its last action, and the actions that apply and are allowed. */
export function CatalogueDetail({ catalogue, row, filter, may, answer, onDone }: CatalogueDetailProps) {
  const { t } = useRemoteTranslation();
  const [open, setOpen] = useState<ActionSpec['id'] | null>(null);
  const applicable = catalogue.actions.filter((action) => !action.when || action.when(row));
  const allowed = applicable.filter(may);
  const current = allowed.find((action) => action.id === open);
  return (
    <section className={`${screenStyles.side} ${screenStyles.pane} ${styles.pane}`} aria-label={t('detail.title')}>
      <h2 className={screenStyles.paneTitle}>{t('detail.title')}</h2>
      <DetailList
        className={screenStyles.details}
        items={catalogue.detail.map((spec) => ({
          id: spec.key,
          label: t(labelKeyOf(spec)),
          value: <CatalogueValue row={row} spec={spec} />,
        }))}
      />
      {answer?.action === 'draw' ? (
        <DrawResult summary={answer.data} row={row} />
      ) : catalogue.showsAnswer?.includes('draw') && row.drawn === true ? (
        // A drawn issue (its draw approved by a second administrator, or run by the job): its published chain.
        <DrawResult summary={null} row={row} />
      ) : null}
      {current ? (
        <div className={screenStyles.actions}>
          <h3 className={screenStyles.paneTitle}>{t(`catalogue.action.${current.id}`)}</h3>
          <CatalogueForm
            key={current.id}
            action={current}
            row={row}
            {...(filter ? { filter } : {})}
            onDone={(result, action) => {
              setOpen(null);
              onDone(result, action);
            }}
            onCancel={() => setOpen(null)}
          />
        </div>
      ) : allowed.length > 0 ? (
        <div className={styles.buttons}>
          {allowed.map((action) => (
            <button
              key={action.id}
              type="button"
              className={`ds-button ${action.tone === 'danger' ? 'ds-button--danger' : 'ds-button--secondary'}`}
              onClick={() => setOpen(action.id)}
            >
              {t(`catalogue.action.${action.id}`)}
            </button>
          ))}
        </div>
      ) : null}
      {applicable.length > 0 && allowed.length === 0 ? (
        <p className={screenStyles.muted}>{t('catalogue.readOnly')}</p>
      ) : null}
    </section>
  );
}
