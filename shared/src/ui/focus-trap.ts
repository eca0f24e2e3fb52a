import type { KeyboardEvent } from 'react';

/** The controls a modal's Tab cycles through by default. */
export const FOCUSABLE = [
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'a[href]',
  '[tabindex="0"]',
].join(', ');

/**
 * Keeps Tab inside a modal box (aria-modal): Tab from its last control goes to the first, Shift+Tab from the first
 * (or from the box itself, focused on opening) to the last. Other keys and Tab between controls are left alone.
 */
export function keepTabInside(event: KeyboardEvent, box: HTMLElement | null, selector: string = FOCUSABLE): void {
  if (event.key !== 'Tab' || !box) return;
  const focusable = box.querySelectorAll<HTMLElement>(selector);
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === box)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
