import { ENDPOINTS } from 'shared/contract';
import { useContractForm } from 'shared/remote-kit';
import { Field } from 'shared/ui';
import { NAMESPACE, useRemoteTranslation } from '#lib';
import {
  AUDIT_FILTER_KEYS,
  compact,
  valuesOf,
  type AuditFilterKey,
  type AuditFilters,
  type AuditFilterValues,
} from '../model/audit-filters';
import styles from './audit.module.css';

export interface AuditFilterFormProps {
  /** The filters searched now (from the address); the parent remounts the form when they change. */
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

const LABELS = Object.fromEntries(AUDIT_FILTER_KEYS.map((key) => [key, `audit.filter.${key}`])) as Record<
  AuditFilterKey,
  string
>;
const INPUT: Record<AuditFilterKey, { type: string; inputMode?: 'numeric' }> = {
  actor: { type: 'text', inputMode: 'numeric' },
  action: { type: 'text' },
  target: { type: 'text' },
  from: { type: 'date' },
  to: { type: 'date' },
};

/**
 * The audit log's search form, checked by the contract's filters (what the server would refuse is shown under its
 * field before anything is sent); Search puts the filters in the address, Clear removes them.
 */
export function AuditFilterForm({ filters, onApply }: AuditFilterFormProps) {
  const { t } = useRemoteTranslation();
  const search = useContractForm<AuditFilterValues, AuditFilters>({
    endpoint: ENDPOINTS.adminAuditCsv,
    defaultValues: valuesOf(filters),
    toBody: compact,
    send: (body) => {
      onApply(body);
      return Promise.resolve({ data: body });
    },
    labels: LABELS,
    namespace: NAMESPACE,
  });
  return (
    <form className={styles.filters} aria-label={t('audit.filter.label')} onSubmit={search.onSubmit} noValidate>
      {AUDIT_FILTER_KEYS.map((key) => (
        <Field key={key} label={t(LABELS[key])} {...INPUT[key]} {...search.field(key)} />
      ))}
      <div className={styles.filterButtons}>
        <button type="submit" className="ds-button ds-button--primary" disabled={search.busy}>
          {t('audit.filter.apply')}
        </button>
        <button type="button" className="ds-button ds-button--secondary" onClick={() => onApply({})}>
          {t('audit.filter.clear')}
        </button>
      </div>
    </form>
  );
}
