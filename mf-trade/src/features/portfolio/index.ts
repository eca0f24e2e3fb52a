/** The portfolio view (/position/portfolio): src/app/ composes it with lib/highcharts.ts's loader. */
export { PortfolioScreen, type PortfolioScreenProps } from './components/portfolio-screen';
