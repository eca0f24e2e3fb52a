/** Chart periods of spec §2: time-share, 5, 15, 30 and 60 minutes, day, week, month, year. */
export const CHART_PERIODS = ['timeShare', 'm5', 'm15', 'm30', 'm60', 'day', 'week', 'month', 'year'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];
