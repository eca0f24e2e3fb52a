import { FieldValue, useRemoteTranslation } from '#lib';
import type { Column, Row } from '../model/catalogue-types';

/** A catalogue field's value: translated when it is a known state or name, yes / no for a flag, else FieldValue. */
export function CatalogueValue({ row, spec }: { row: Row; spec: Column }) {
  const { t, i18n } = useRemoteTranslation();
  const value = row[spec.key];
  if (typeof value === 'boolean') return <>{t(value ? 'catalogue.yes' : 'catalogue.no')}</>;
  if (typeof value === 'string' && (spec.kind === undefined || spec.kind === 'text')) {
    const key = `${spec.prefix ?? `catalogue.value.${spec.key}`}.${value}`;
    if (i18n.exists(key, { ns: 'mf_admin' })) return <>{t(key)}</>;
  }
  return <FieldValue row={row} spec={spec} />;
}
