/**
 * Design-system components shared by every remote. Their styles are global `ds-` classes in
 * ds.css, loaded once by the shell (and by each remote's standalone dev host), so remote chunks
 * carry no copy of them. Remotes style their own screens with CSS Modules and the tokens of
 * tokens.css (documented in shared/README.md).
 *
 * Strings: components take translated text as props; their few own strings (back, cancel,
 * confirm, done, loading, simulatedData) come from the shell's `common` namespace.
 */
export { PageFrame, type PageFrameProps } from './page-frame';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { Button, type ButtonProps } from './button';
export { Field, type FieldProps } from './field';
export { Money, type MoneyProps } from './money';
export { CompactAmount, type CompactAmountProps } from './compact-amount';
export { Tabs, tabPanelId, type TabsProps, type TabItem } from './tabs';
export { SegmentedControl, type SegmentedControlProps, type SegmentedOption } from './segmented-control';
export { Skeleton, SkeletonList, type SkeletonProps, type SkeletonListProps } from './skeleton';
export { StatusBadge, type StatusBadgeProps, type StatusTone } from './status-badge';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { ResultSheet, type ResultSheetProps, type ResultRow } from './result-sheet';
export { keepTabInside, FOCUSABLE } from './focus-trap';
export { Card, StatRow, type CardProps, type StatRowProps } from './card';
export { PriceChange, type PriceChangeProps } from './price-change';
export {
  THEME_CHOICES,
  THEME_EVENT,
  applyStoredTheme,
  currentMode,
  onThemeChange,
  readTheme,
  writeTheme,
  useThemeMode,
  type ThemeChoice,
} from './theme';
export { Facts, type FactsProps, type FactItem } from './facts';
