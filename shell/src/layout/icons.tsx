/** Inline SVG icons of the bottom menu and the side panel (no icon font, no extra request). */
const paths: Record<string, string> = {
  home: 'M4 11.5 12 4l8 7.5V20a1 1 0 0 1-1 1h-4.5v-6h-5v6H5a1 1 0 0 1-1-1z',
  quotes: 'M4 19h16M6 16l4-5 3 3 5-7',
  trade: 'M7 4v16M7 4 4 7M7 4l3 3M17 20V4M17 20l-3-3M17 20l3-3',
  records: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  news: 'M4 5h13v14H6a2 2 0 0 1-2-2zM17 9h3v8a2 2 0 0 1-2 2M8 9h5M8 13h5',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  chevron: 'M9 6l6 6-6 6',
  close: 'M6 6l12 12M18 6 6 18',
  mine: 'M4 4h16v16H4zM12 11a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM7.5 17a4.5 4.5 0 0 1 9 0',
  security: 'M12 3l7 3v5c0 5-3 8-7 10-4-2-7-5-7-10V6zM10 11h4v4h-4zM11 11V9.5a1 1 0 0 1 2 0V11',
  verified: 'M12 3l7 3v5c0 5-3 8-7 10-4-2-7-5-7-10V6zM9 12l2 2 4-4',
  message: 'M4 6h16v12H4zM4 7l8 6 8-6',
  deposit: 'M12 4v12M7 11l5 5 5-5M5 20h14',
  withdraw: 'M12 20V8M7 13l5-5 5 5M5 4h14',
  loan: 'M4 8h16v10H4zM4 12h16M8 16h3',
  bank: 'M3 9l9-5 9 5M5 10v8M10 10v8M14 10v8M19 10v8M3 20h18',
  loginPassword: 'M6 11h12v9H6zM9 11V8a3 3 0 0 1 6 0v3',
  fundPassword: 'M5 11h14v9H5zM8 11V7a4 4 0 0 1 8 0v4M12 14v3',
  about: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v5M12 8h.01',
  privacy: 'M12 3l7 3v5c0 5-3 8-7 10-4-2-7-5-7-10V6z',
  transactionRecords: 'M6 3h12v18H6zM9 8h6M9 12h6M9 16h4',
  service: 'M5 13v-2a7 7 0 0 1 14 0v2M5 13h3v5H5zM16 13h3v5h-3zM19 18a3 3 0 0 1-3 3h-3',
  language: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
};

export function Icon({ name, size = 24 }: { name: string; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" className="sh-icon">
      <path
        d={paths[name] ?? paths.about}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
