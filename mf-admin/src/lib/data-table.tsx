import type { ReactNode } from 'react';
import { useRemoteTranslation } from './i18n';
import { labelKeyOf, type FieldSpec } from './field-value';
import adminStyles from './admin.module.css';
import styles from './screen.module.css';

/** One column of a DataTable: its header, whether it holds numbers (right-aligned), and its cell. */
export interface DataColumn<T> {
  key: string;
  label: string;
  num?: boolean;
  cell: (row: T) => ReactNode;
}

export interface DataTableProps<T> {
  /** The table's name: its visually hidden caption. */
  caption: string;
  columns: ReadonlyArray<DataColumn<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Makes the rows selectable: the first cell is a button "open <key>", a click on the row selects it too. */
  onSelect?: (key: string) => void;
  selectedKey?: string | null;
  /** Cells wrap to fit beside the detail pane rather than scroll sideways. */
  wrap?: boolean;
}

/** A back-office table; with `onSelect`, the first cell of a row opens it (in the screen's detail pane). */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  onSelect,
  selectedKey,
  wrap = false,
}: DataTableProps<T>) {
  const { t } = useRemoteTranslation();
  const numClass = (column: DataColumn<T>) => (column.num ? adminStyles.num : undefined);
  return (
    <div className={adminStyles.tableWrap}>
      <table className={wrap ? `${adminStyles.table} ${styles.wrap}` : adminStyles.table}>
        <caption className="ds-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={numClass(column)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            if (!onSelect)
              return (
                <tr key={key}>
                  {columns.map((column) => (
                    <td key={column.key} className={numClass(column)}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              );
            const selected = key === selectedKey;
            return (
              <tr
                key={key}
                aria-selected={selected}
                className={selected ? styles.selected : undefined}
                onClick={() => onSelect(key)}
              >
                {columns.map((column, index) => (
                  <td key={column.key} className={numClass(column)}>
                    {index === 0 ? (
                      <button
                        type="button"
                        className={styles.open}
                        aria-label={t('table.open', { id: key })}
                        onClick={(event) => {
                          event.stopPropagation();
                          onSelect(key);
                        }}
                      >
                        {column.cell(row)}
                      </button>
                    ) : (
                      column.cell(row)
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const NUMERIC = new Set<FieldSpec['kind']>(['money', 'number']);

/** The DataTable columns of back-office fields: each header is the field's label, each cell `cell(row, spec)`. */
export function useFieldColumns<T, S extends FieldSpec>(
  specs: readonly S[],
  cell: (row: T, spec: S) => ReactNode,
): Array<DataColumn<T>> {
  const { t } = useRemoteTranslation();
  return specs.map((spec) => ({
    key: spec.key,
    label: t(labelKeyOf(spec)),
    num: NUMERIC.has(spec.kind),
    cell: (row: T) => cell(row, spec),
  }));
}
