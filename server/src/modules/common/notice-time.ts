/** "2026-12-01 21:50 UTC": a notice's time as text, the same in every language (inbox and e-mail notices). */
export const noticeTime = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
