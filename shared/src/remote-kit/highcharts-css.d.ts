/** Highcharts' own CSS files (its palette's colour variables), loaded for their rules only (highcharts.ts). */
declare module 'highcharts/css/*.css';
