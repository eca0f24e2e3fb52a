/** The portfolio view (/position/portfolio): src/app/ composes it with the kit's Highcharts loader. */
export { PortfolioScreen, type PortfolioScreenProps } from './components/portfolio-screen';
