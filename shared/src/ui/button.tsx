import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** `up` / `down`: an order's side in the user's up/down colours (design tokens --color-up / --color-down). */
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost' | 'up' | 'down';
  /** While true the button is disabled and shows a busy state (a request is in flight). */
  busy?: boolean;
  block?: boolean;
}

export function Button({
  variant = 'primary',
  busy,
  block,
  className,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const cls = ['ds-button', `ds-button--${variant}`, block ? 'ds-button--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <button type={type} className={cls} disabled={disabled || busy} aria-busy={busy || undefined} {...rest} />;
}
