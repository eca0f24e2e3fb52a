import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useSearchParams } from 'react-router';
import { SelectField } from 'shared/remote-kit';
import { SkeletonList } from 'shared/ui';
import {
  adminStyles,
  APPROVALS_PATH,
  DataTable,
  NoticeLine,
  Pager,
  QUEUE_PAGE_SIZE,
  screenStyles,
  useAdminAccess,
  useFieldColumns,
  useRemoteTranslation,
  type CatalogueId,
  type Notice,
} from '#lib';
import { useGetCatalogueQuery, type CatalogueAnswer } from '../api/catalogue-api';
import { CATALOGUES } from '../model/catalogues';
import type { ActionSpec, Row } from '../model/catalogue-types';
import { CatalogueDetail } from './catalogue-detail';
import { CatalogueForm } from './catalogue-form';
import { CatalogueValue } from './catalogue-value';
import { PendingChanges } from './pending-changes';
import styles from './catalogues.module.css';

/** The wire language of the i18n language (the contract's langField accepts the i18n codes). */
const LANGS: Record<string, string> = { 'zh-CN': 'zh-CN', en: 'en', ja: 'ja' };

type Catalogue = (typeof CATALOGUES)[CatalogueId];

/** The page of rows, the selected one, and that row read in full where the catalogue loads it (a news body). */
function useCatalogueRows(catalogue: Catalogue, page: number, filter: string | undefined, selected: string | null) {
  const { i18n } = useRemoteTranslation();
  const read = useGetCatalogueQuery({
    name: catalogue.read.endpoint,
    body: catalogue.read.body(page, filter, LANGS[i18n.language] ?? 'zh-CN'),
  });
  const rows = read.data === undefined ? undefined : catalogue.rows(read.data);
  const listed = rows?.list.find((row) => catalogue.keyOf(row) === selected);
  const load = useGetCatalogueQuery(
    catalogue.load && listed ? { name: catalogue.load.endpoint, body: catalogue.load.body(listed, filter) } : skipToken,
  );
  // a record read in full before it is shown (a news item's body): the pane waits for it, so an edit starts from it
  const row: Row | undefined = catalogue.load
    ? listed && load.data
      ? { ...listed, ...(load.data as Row) }
      : undefined
    : listed;
  return { read, rows, listed, load, row };
}

/** After a change: the server's message (with the four-eyes request it waits in), the answer some actions show. */
function useCatalogueAnswers(catalogue: Catalogue) {
  const { t, i18n } = useRemoteTranslation();
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [answer, setAnswer] = useState<{ action: ActionSpec['id']; data: unknown } | null>(null);
  const onDone = (result: CatalogueAnswer, action: ActionSpec) => {
    const text = result.msg && i18n.exists(`msg:${result.msg}`) ? t(`msg:${result.msg}`) : t('catalogue.done');
    const waiting = result.msg === 'four_eyes_waiting';
    const link = waiting
      ? {
          to: result.fourEyesId ? `${APPROVALS_PATH}?id=${result.fourEyesId}` : APPROVALS_PATH,
          label: t('approvals.open'),
        }
      : undefined;
    setNotice(link ? { tone: 'success', text, link } : { tone: 'success', text });
    setAnswer(!waiting && catalogue.showsAnswer?.includes(action.id) ? { action: action.id, data: result.data } : null);
    if (action.id === 'create' || action.id === 'set') setCreating(false);
  };
  return { creating, setCreating, notice, answer, setAnswer, onDone };
}

/** A read that failed, with a retry. */
function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useRemoteTranslation();
  return (
    <div className={adminStyles.empty} role="alert">
      <p>{t('table.failed')}</p>
      <button type="button" className="ds-button ds-button--secondary" onClick={onRetry}>
        {t('frame.retry')}
      </button>
    </div>
  );
}

/** The address with a change applied (a copy: the previous one stays as it was). */
function withChange(previous: URLSearchParams, change: (search: URLSearchParams) => void): URLSearchParams {
  const search = new URLSearchParams(previous);
  change(search);
  return search;
}

/** The filter the address names, if the catalogue offers it, else its first option (none without a filter). */
function filterIn(catalogue: Catalogue, named: string | null): string | undefined {
  if (!catalogue.filter) return undefined;
  return catalogue.filter.options.find((o) => o === named) ?? catalogue.filter.options[0];
}

/** The title, and the create button for roles allowed it while no create form is open. */
function CatalogueHead(props: { title: string; create?: ActionSpec; onCreate: () => void }) {
  const { t } = useRemoteTranslation();
  return (
    <header className={screenStyles.head}>
      <h1 className={adminStyles.heading}>{props.title}</h1>
      {props.create ? (
        <button type="button" className="ds-button ds-button--primary" onClick={props.onCreate}>
          {t(`catalogue.action.${props.create.id}`)}
        </button>
      ) : null}
    </header>
  );
}

/** The catalogue's filter (a market, a kind), where it has one. */
function CatalogueFilter(props: { catalogue: Catalogue; filter?: string; onFilter: (value: string) => void }) {
  const { t } = useRemoteTranslation();
  const spec = props.catalogue.filter;
  if (!spec) return null;
  return (
    <div className={styles.filter}>
      <SelectField
        label={t(`catalogue.filter.${spec.field}`)}
        value={props.filter}
        options={spec.options.map((value) => ({ value, label: t(`catalogue.option.${value}`) }))}
        onChange={(event) => props.onFilter(event.target.value)}
      />
    </div>
  );
}

/** The create form in its panel. */
function CreatePanel(props: {
  action: ActionSpec;
  filter?: string;
  onDone: (result: CatalogueAnswer, action: ActionSpec) => void;
  onCancel: () => void;
}) {
  const { t } = useRemoteTranslation();
  const { action, filter, onDone, onCancel } = props;
  return (
    <section className={adminStyles.panel} aria-label={t(`catalogue.action.${action.id}`)}>
      <h2 className={screenStyles.paneTitle}>{t(`catalogue.action.${action.id}`)}</h2>
      <CatalogueForm action={action} {...(filter ? { filter } : {})} onDone={onDone} onCancel={onCancel} />
    </section>
  );
}

/** The page of rows as a table (the selected one marked), with the pager where the catalogue is paged. */
function CatalogueList(props: {
  catalogue: Catalogue;
  title: string;
  read: { isLoading: boolean; isError: boolean; refetch: () => unknown };
  rows: ReturnType<Catalogue['rows']> | undefined;
  selected: string | null;
  page: number;
  filter?: string;
  onSelect: (key: string) => void;
  onPage: (page: number) => void;
}) {
  const { t } = useRemoteTranslation();
  const { catalogue, title, read, rows, selected, page, filter } = props;
  const columns = useFieldColumns(catalogue.columns, (r: Row, spec) => <CatalogueValue row={r} spec={spec} />);
  return (
    <section className={adminStyles.panel} aria-label={title}>
      {read.isLoading ? <SkeletonList rows={5} /> : null}
      {read.isError ? <Failed onRetry={() => void read.refetch()} /> : null}
      {rows?.list.length === 0 ? <p className={adminStyles.empty}>{t('catalogue.empty')}</p> : null}
      {rows && rows.list.length > 0 ? (
        <DataTable
          caption={title}
          columns={columns}
          rows={rows.list}
          rowKey={(r) => catalogue.keyOf(r)}
          selectedKey={selected}
          wrap
          onSelect={props.onSelect}
        />
      ) : null}
      {rows && catalogue.read.body(1, filter, 'en').page !== undefined ? (
        <Pager page={page} total={rows.total} pageSize={catalogue.pageSize ?? QUEUE_PAGE_SIZE} onPage={props.onPage} />
      ) : null}
    </section>
  );
}

/**
 * One catalogue or setting (its description in model/): the filter and the page in the address (`?filter=&page=
 * &id=`), the table, the selected row's detail with its actions, and the create form. Actions show only when
 * /admin/me `allowed` has their endpoint; after a change the server's message is shown (every change waits for a
 * second administrator: it links to its four-eyes request), the lists refresh, and the catalogue's pending requests
 * are listed with who submitted them and when.
 */
export function CatalogueScreen({ catalogue: id }: { catalogue: CatalogueId }) {
  const { t } = useRemoteTranslation();
  const access = useAdminAccess();
  const catalogue = CATALOGUES[id];
  const [params, setParams] = useSearchParams();
  const { creating, setCreating, notice, answer, setAnswer, onDone } = useCatalogueAnswers(catalogue);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter = filterIn(catalogue, params.get('filter'));
  const selected = params.get('id');
  const { read, rows, listed, load, row } = useCatalogueRows(catalogue, page, filter, selected);
  const may = (action: ActionSpec) => access.state === 'ok' && access.may(action.form.endpoint);
  const title = t(`catalogue.${id}.title`);

  const update = (change: (search: URLSearchParams) => void) =>
    setParams((previous) => withChange(previous, change), { replace: true });

  return (
    <div className={screenStyles.screen}>
      <CatalogueHead
        title={title}
        create={catalogue.create && may(catalogue.create) && !creating ? catalogue.create : undefined}
        onCreate={() => setCreating(true)}
      />
      <p className={styles.intro}>{t(`catalogue.${id}.intro`)}</p>
      <CatalogueFilter
        catalogue={catalogue}
        filter={filter}
        onFilter={(value) =>
          update((search) => {
            search.set('filter', value);
            search.delete('page');
            search.delete('id');
          })
        }
      />
      {notice ? <NoticeLine notice={notice} /> : null}
      <PendingChanges catalogue={catalogue} />
      {creating && catalogue.create ? (
        <CreatePanel action={catalogue.create} filter={filter} onDone={onDone} onCancel={() => setCreating(false)} />
      ) : null}
      <div className={row ? `${screenStyles.split} ${styles.split}` : undefined}>
        <CatalogueList
          catalogue={catalogue}
          title={title}
          read={read}
          rows={rows}
          selected={selected}
          page={page}
          filter={filter}
          onSelect={(key) => {
            setAnswer(null);
            update((search) => search.set('id', key));
          }}
          onPage={(next) => update((search) => search.set('page', String(next)))}
        />
        {listed && !row && load.isError ? <Failed onRetry={() => void load.refetch()} /> : null}
        {row ? (
          <CatalogueDetail
            key={catalogue.keyOf(row)}
            catalogue={catalogue}
            row={row}
            {...(filter ? { filter } : {})}
            may={may}
            answer={answer}
            onDone={onDone}
          />
        ) : null}
      </div>
    </div>
  );
}
