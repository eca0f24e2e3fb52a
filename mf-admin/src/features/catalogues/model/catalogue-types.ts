/**
 * How one catalogue screen is described: where its rows come from, its columns and detail fields, the form that
 * creates an entry and the actions on a row (each with the contract endpoint it posts to). The one screen
 * (components/catalogue-screen) renders any of them; what an action sends is its form's text values, checked by
 * the endpoint's request schema before sending, so the form says what the server would say.
 */
import type { AdminEndpointName, EndpointName } from 'shared/contract';
import type { CatalogueId, FieldSpec } from '#lib';
import type { FormFieldError } from 'shared/remote-kit';

/** One input of a form; its label is `catalogue.field.<key>` and its hint `catalogue.hint.<key>` when it has one. */
export interface InputSpec {
  key: string;
  input?: 'text' | 'textarea' | 'select' | 'password';
  /** For `select`: the wire values; each reads `<optionPrefix>.<value>` (default `catalogue.option`). */
  options?: readonly string[];
  optionPrefix?: string;
  /** The label's key when it is not `catalogue.field.<key>`. */
  labelKey?: string;
  /** Left out of the body when empty (the contract's optional fields). */
  optional?: boolean;
  /** The value a new form starts with. */
  initial?: string;
  /** Shows `catalogue.hint.<key>` under the input (the wire format of times, holdings, ...). */
  hint?: boolean;
  inputMode?: 'numeric' | 'decimal';
}

export type Row = Record<string, unknown>;
export type Values = Record<string, string>;

export interface FormSpec {
  /** The endpoint the form posts to; the action is hidden unless /admin/me `allowed` has it. */
  endpoint: AdminEndpointName;
  /** The form's inputs; may depend on what is typed (site config: the value's kind follows the name). */
  inputs: readonly InputSpec[];
  /** The values the form starts with for `row` (an edit), else each input's `initial`. */
  valuesOf?: (row: Row | undefined) => Values;
  /** Fields the body carries besides the inputs (the row's id, the news item's language from the filter, ...). */
  extra?: (row: Row | undefined, filter: string | undefined) => Values;
  /** Checks only this catalogue knows (a config value's format by its name). */
  rules?: (values: Values) => Record<string, FormFieldError | undefined>;
}

export interface ActionSpec {
  /** `catalogue.action.<id>` labels the button and the form's heading. */
  id: 'create' | 'edit' | 'withdraw' | 'draw' | 'close' | 'offShelf' | 'set';
  form: FormSpec;
  /** Whether the action applies to the row (an issue is edited only before its window opens, ...). */
  when?: (row: Row) => boolean;
  tone?: 'primary' | 'danger';
  /** A confirmation the button says before it sends a form without inputs (the draw, the off-shelf). */
  confirm?: boolean;
}

/** A filter kept in the address (`?filter=`): its wire field and values, the first the default. */
export interface FilterSpec {
  field: string;
  options: readonly string[];
}

export interface CatalogueDescription {
  id: CatalogueId;
  /** Where the rows come from, and the request of one page. */
  read: {
    endpoint: EndpointName;
    /** The request of one page; `lang` is the reader's language (names of products come in it). */
    body: (page: number, filter: string | undefined, lang: string) => Record<string, string | number>;
  };
  /** The rows and the total of what `read` answers (a public array answer has no paging). */
  rows: (data: unknown) => { list: Row[]; total: number };
  /** The key of a row (its `id`, a rate's pair, a config entry's name). */
  keyOf: (row: Row) => string;
  pageSize?: number;
  filter?: FilterSpec;
  columns: readonly Column[];
  detail: readonly Column[];
  /** The form above the list (create an entry, set a rate). */
  create?: ActionSpec;
  /** Actions on the selected row. */
  actions: readonly ActionSpec[];
  /** A read of the selected row's full record before it is edited (a news item's body). */
  load?: { endpoint: EndpointName; body: (row: Row, filter: string | undefined) => Record<string, string | number> };
  /** Shows the answer of an action in the detail pane (the draw's summary). */
  showsAnswer?: readonly ActionSpec['id'][];
}

/**
 * A column or detail field. A text value reads `<prefix>.<value>` when given, else `catalogue.value.<key>.<value>`
 * when the catalogue has it (states, variants, markets); a boolean reads yes / no.
 */
export type Column = FieldSpec & { prefix?: string };

/** A field labelled by `catalogue.field.<key>`. */
export const col = (key: string, kind?: FieldSpec['kind'], extra: Partial<Column> = {}): Column => ({
  key,
  labelKey: `catalogue.field.${key}`,
  ...(kind ? { kind } : {}),
  ...extra,
});

/** The paged list answer `{list, total}` of the admin lists and /news/list. */
export const pagedRows = (data: unknown) => {
  const answer = (data ?? {}) as { list?: Row[]; total?: number };
  return { list: answer.list ?? [], total: answer.total ?? 0 };
};

/** An array answer (/funds/rates, /common/config): one page with every row. */
export const arrayRows = (data: unknown) => {
  const list = Array.isArray(data) ? (data as Row[]) : [];
  return { list, total: list.length };
};

/** Every input's value from the row's field of the same name ('' when absent). */
export const fromRow =
  (inputs: readonly InputSpec[], rename: Record<string, string> = {}) =>
  (row: Row | undefined): Values =>
    Object.fromEntries(
      inputs.map((i) => {
        const value = row?.[rename[i.key] ?? i.key];
        return [i.key, value === null || value === undefined ? (i.initial ?? '') : String(value)];
      }),
    );
