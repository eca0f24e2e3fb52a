import './remote-kit.css';

/**
 * Layout pieces remote screens share (a padded column, a form, notes, rule lists, list rows and
 * their column headings), as the global classes of remote-kit.css. Same keys as the CSS Module
 * object the remotes had, so `className={layout.note}` reads as before.
 */
export const layout = {
  stack: 'ds-layout-stack',
  card: 'ds-layout-card',
  form: 'ds-layout-form',
  note: 'ds-layout-note',
  rules: 'ds-layout-rules',
  purpose: 'ds-layout-purpose',
  list: 'ds-layout-list',
  row: 'ds-layout-row',
  rowMain: 'ds-layout-row__main',
  rowTitle: 'ds-layout-row__title',
  rowSub: 'ds-layout-row__sub',
  num: 'ds-layout-num',
  columns: 'ds-layout-columns',
} as const;
