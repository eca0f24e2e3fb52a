import { useEffect, useId, useRef, type KeyboardEvent } from 'react';

export interface TabItem<K extends string = string> {
  key: K;
  /** Translated label. */
  label: string;
  /** Optional count shown after the label (e.g. pending orders). */
  badge?: number;
}

export interface TabsProps<K extends string = string> {
  items: ReadonlyArray<TabItem<K>>;
  value: K;
  onChange: (key: K) => void;
  /** Accessible name of the tab list (translated). */
  label?: string;
  /** `scroll` lets many tabs scroll sideways (new-share tabs); `fill` spreads few tabs evenly. */
  layout?: 'fill' | 'scroll';
  /** Id prefix of the panels (`${idPrefix}-panel-${key}`) so tabs can point at them with aria-controls. */
  idPrefix?: string;
}

/** Room (px) kept beside a tab scrolled into view, so the next tab's edge still shows there are more. */
const SCROLL_MARGIN = 32;

/**
 * The scroll position of a sideways-scrolling tab list that shows all of `tab` (with `SCROLL_MARGIN` beside it where
 * the list goes on), or undefined when it is already in view. Offsets are the tab's within the list.
 */
export function tabScrollLeft(
  list: { scrollLeft: number; clientWidth: number; scrollWidth: number },
  tab: { offsetLeft: number; offsetWidth: number },
): number | undefined {
  const start = Math.max(0, tab.offsetLeft - SCROLL_MARGIN);
  const end = Math.min(list.scrollWidth, tab.offsetLeft + tab.offsetWidth + SCROLL_MARGIN);
  if (start < list.scrollLeft) return start;
  if (end > list.scrollLeft + list.clientWidth) return Math.min(start, end - list.clientWidth);
  return undefined;
}

/**
 * Tabs of a screen (new-share: to subscribe / subscribing / ended ...). WAI-ARIA tabs pattern:
 * arrow keys, Home and End move between tabs; only the active tab is in the tab order.
 * Render the panel yourself with `role="tabpanel"` and `id={tabPanelId(idPrefix, key)}`.
 * With `layout="scroll"` the selected tab is scrolled into view (opened on a later tab, or chosen by keys) and the
 * list's edges fade where more tabs are hidden (ds-controls.css).
 */
export function Tabs<K extends string>({ items, value, onChange, label, layout = 'fill', idPrefix }: TabsProps<K>) {
  const autoId = useId();
  const prefix = idPrefix ?? autoId;
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (layout !== 'scroll' || !list) return;
    const tab = list.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    const left = tab ? tabScrollLeft(list, tab) : undefined;
    if (left === undefined) return;
    // the list's own scroll only (scrollIntoView would also scroll the page)
    if (typeof list.scrollTo === 'function') list.scrollTo({ left });
    else list.scrollLeft = left;
  }, [layout, value]);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((i) => i.key === value);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    onChange(items[next]!.key);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div ref={listRef} className={`ds-tabs ds-tabs--${layout}`} role="tablist" aria-label={label} onKeyDown={move}>
      {items.map((item) => {
        const selected = item.key === value;
        return (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={`${prefix}-tab-${item.key}`}
            aria-selected={selected}
            aria-controls={tabPanelId(prefix, item.key)}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'ds-tabs__tab ds-tabs__tab--active' : 'ds-tabs__tab'}
            onClick={() => (selected ? undefined : onChange(item.key))}
          >
            {item.label}
            {item.badge ? <span className="ds-tabs__badge">{item.badge}</span> : null}
          </button>
        );
      })}
    </div>
  );
}

/** Id of the panel of a tab, for `<div role="tabpanel" id=...>`. */
export function tabPanelId(idPrefix: string, key: string): string {
  return `${idPrefix}-panel-${key}`;
}
