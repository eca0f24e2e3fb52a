// Highcharts' colour variables as a CSS file (charts are made with palette.injectCSS false: the CSP allows no
// <style> element of its own; docs/decisions/0033-content-security-policy.md). Loaded with the Highcharts core.
import 'highcharts/css/highcharts-palette.css';
