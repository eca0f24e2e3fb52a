import { useTranslation } from 'react-i18next';

export interface SkeletonProps {
  /** Width as CSS length (default 100%). */
  width?: string;
  /** Height as CSS length (default one text line). */
  height?: string;
  /** `text` lines, `block` cards/charts, `circle` avatars/icons. */
  shape?: 'text' | 'block' | 'circle';
  className?: string;
}

/** One placeholder shape. Decorative: wrap several in {@link SkeletonList} or give the region aria-busy. */
export function Skeleton({ width, height, shape = 'text', className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={['ds-skeleton', `ds-skeleton--${shape}`, className ?? ''].filter(Boolean).join(' ')}
      style={{ width, height }}
    />
  );
}

export interface SkeletonListProps {
  /** Number of placeholder rows (default 6). */
  rows?: number;
  /** Lines of text per row (default 2). */
  lines?: number;
  /** Show a round leading placeholder (avatar, logo). */
  avatar?: boolean;
}

/** Placeholder rows for a loading list (STYLE.md: skeletons rather than spinners for lists). */
export function SkeletonList({ rows = 6, lines = 2, avatar }: SkeletonListProps) {
  const { t } = useTranslation('common');
  return (
    <div className="ds-skeleton-list" role="status" aria-busy="true" aria-live="polite">
      <span className="ds-visually-hidden">{t('loading')}</span>
      {Array.from({ length: rows }, (_, r) => (
        <div key={r} className="ds-skeleton-list__row">
          {avatar ? <Skeleton shape="circle" width="40px" height="40px" /> : null}
          <div className="ds-skeleton-list__lines">
            {Array.from({ length: lines }, (_, l) => (
              <Skeleton key={l} width={l === 0 ? '62%' : '38%'} />
            ))}
          </div>
          <Skeleton width="64px" />
        </div>
      ))}
    </div>
  );
}
