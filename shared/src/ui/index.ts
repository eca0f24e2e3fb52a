/**
 * Design-system components shared by every remote. Their styles are global `ds-` classes in
 * ds.css, loaded once by the shell (and by each remote's standalone dev host), so remote chunks
 * carry no copy of them. Remotes style their own screens with CSS Modules.
 */
export { PageFrame, type PageFrameProps } from './page-frame';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { Button, type ButtonProps } from './button';
export { Field, type FieldProps } from './field';
export { Money, type MoneyProps } from './money';
