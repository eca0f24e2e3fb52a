import { Fragment, useState } from 'react';
import { adminStyles, FieldValue, labelKeyOf, useRemoteTranslation, type FieldSpec } from '#lib';
import styles from './audit.module.css';

/** One line per entry: who, what, when and from where; 1280 px wide without scrolling sideways. */
const COLUMNS: readonly FieldSpec[] = [
  { key: 'created_at', kind: 'date', labelKey: 'field.time' },
  { key: 'actor' },
  { key: 'action' },
  { key: 'target' },
  { key: 'ip' },
];
/** The entry's roles and its states, shown in the row's expandable detail. */
const DETAILS: readonly FieldSpec[] = [{ key: 'actor_roles', kind: 'list' }];
const STATES = ['before', 'after', 'detail'] as const;
/** Fixed widths (the table's layout is fixed); action and target share the rest. */
const WIDTHS: Partial<Record<string, string>> = {
  created_at: styles.colTime,
  actor: styles.colActor,
  ip: styles.colIp,
};

const pretty = (value: unknown) =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value, null, 2);

/** The audit entries of one page; each row opens a detail row below it with the roles and before / after. */
export function AuditTable({ caption, rows }: { caption: string; rows: ReadonlyArray<Record<string, unknown>> }) {
  const { t } = useRemoteTranslation();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <table className={`${adminStyles.table} ${styles.table}`}>
      <caption className="ds-visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column.key} scope="col" className={WIDTHS[column.key]}>
              {t(labelKeyOf(column))}
            </th>
          ))}
          <th scope="col" className={styles.toggleCell}>
            <span className="ds-visually-hidden">{t('audit.details.label')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const id = String(row.id);
          const expanded = open.has(id);
          const detailId = `audit-detail-${id}`;
          return (
            <Fragment key={id}>
              <tr>
                {COLUMNS.map((column) => (
                  <td key={column.key} title={column.key === 'target' ? String(row.target ?? '') : undefined}>
                    <FieldValue row={row} spec={column} />
                  </td>
                ))}
                <td className={styles.toggleCell}>
                  <button
                    type="button"
                    className={styles.toggle}
                    aria-expanded={expanded}
                    aria-controls={detailId}
                    aria-label={t('audit.details.show', { id })}
                    onClick={() => toggle(id)}
                  >
                    {t('audit.details.label')}
                  </button>
                </td>
              </tr>
              {expanded ? <AuditDetail id={detailId} row={row} /> : null}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}

/** The detail row of one entry: its roles and its before, after and detail states. */
function AuditDetail({ id, row }: { id: string; row: Record<string, unknown> }) {
  const { t } = useRemoteTranslation();
  return (
    <tr id={id} className={styles.detailRow}>
      <td colSpan={COLUMNS.length + 1}>
        <dl className={styles.detail}>
          {DETAILS.map((spec) => (
            <div key={spec.key} className={styles.detailItem}>
              <dt>{t(labelKeyOf(spec))}</dt>
              <dd>
                <FieldValue row={row} spec={spec} />
              </dd>
            </div>
          ))}
          {STATES.map((key) => (
            <div key={key} className={styles.detailItem}>
              <dt>{t(`field.${key}`)}</dt>
              <dd>
                {pretty(row[key]) === null ? (
                  <span aria-label={t('field.none')}>—</span>
                ) : (
                  <pre className={styles.state}>{pretty(row[key])}</pre>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </td>
    </tr>
  );
}
