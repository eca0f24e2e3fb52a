import type { ReactNode } from 'react';

/** Small stroke icons for the dashboard (24 × 24, currentColor, decorative: the control carries the name). */
const PATHS = {
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.4-3.5 4.4-5 8-5s6.6 1.5 8 5" />
    </>
  ),
  newShare: (
    <>
      <path d="M12 3l2.3 4.9 5.2.6-3.9 3.6 1.1 5.2L12 14.7l-4.7 2.6 1.1-5.2-3.9-3.6 5.2-.6z" />
      <path d="M5 21h14" />
    </>
  ),
  blockTrade: (
    <>
      <path d="M12 3l8 4-8 4-8-4z" />
      <path d="M4 12l8 4 8-4" />
      <path d="M4 17l8 4 8-4" />
    </>
  ),
  copyTrading: (
    <>
      <path d="M4 8h14l-3-3" />
      <path d="M20 16H6l3 3" />
    </>
  ),
  dayTrading: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  deposit: (
    <>
      <path d="M12 3v11" />
      <path d="M7.5 9.5L12 14l4.5-4.5" />
      <path d="M4 15v4a1 1 0 001 1h14a1 1 0 001-1v-4" />
    </>
  ),
  withdraw: (
    <>
      <path d="M12 14V3" />
      <path d="M7.5 7.5L12 3l4.5 4.5" />
      <path d="M4 15v4a1 1 0 001 1h14a1 1 0 001-1v-4" />
    </>
  ),
  exchange: (
    <>
      <path d="M19 9a7.5 7.5 0 00-13.3-2.6L4 8" />
      <path d="M4 4v4h4" />
      <path d="M5 15a7.5 7.5 0 0013.3 2.6L20 16" />
      <path d="M20 20v-4h-4" />
    </>
  ),
  loan: (
    <>
      <rect x="3" y="6" width="18" height="12" rx="2" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M6.5 9.5v5M17.5 9.5v5" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type DashboardIconName = keyof typeof PATHS;

export function DashboardIcon({ name, size = 22 }: { name: DashboardIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
    >
      {PATHS[name]}
    </svg>
  );
}
