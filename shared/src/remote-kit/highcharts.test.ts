/**
 * The one Highcharts loader and palette. Highcharts is ESM in node_modules: its core and Stock module are mocked
 * with the palette's CSS file (counting their loads).
 */
type Kit = typeof import('./highcharts');

const core = { chart: jest.fn(), stockChart: jest.fn() };
let loads: { core: number; palette: number; stock: number };
let offline: boolean;

/** A fresh copy of highcharts.ts (its loads are kept per page) over the mocked Highcharts, itself not yet loaded. */
function freshKit(): Kit {
  jest.resetModules();
  jest.doMock('highcharts/esm/highcharts.js', () => {
    if (offline) throw new Error('offline');
    loads.core += 1;
    return { __esModule: true, default: core };
  });
  jest.doMock('highcharts/css/highcharts-palette.css', () => {
    loads.palette += 1;
    return {};
  });
  jest.doMock('highcharts/esm/modules/stock.js', () => {
    loads.stock += 1;
    return { __esModule: true };
  });
  return jest.requireActual<Kit>('./highcharts');
}

beforeEach(() => {
  loads = { core: 0, palette: 0, stock: 0 };
  offline = false;
});

describe('loadHighcharts', () => {
  it('loads the core with its palette once and hands it over', async () => {
    const kit = freshKit();
    const first = kit.loadHighcharts();
    expect(kit.loadHighcharts()).toBe(first);
    await expect(first).resolves.toBe(core);
    await kit.loadHighcharts();
    expect(loads).toEqual({ core: 1, palette: 1, stock: 0 });
  });

  it('tries again on the next call after a failed load', async () => {
    offline = true;
    const kit = freshKit();
    await expect(kit.loadHighcharts()).rejects.toThrow('offline');
    offline = false;
    await expect(kit.loadHighcharts()).resolves.toBe(core);
    expect(loads.core).toBe(1);
  });
});

describe('loadHighchartsStock', () => {
  it('adds the Stock module to the one core, each loaded once', async () => {
    const kit = freshKit();
    await expect(kit.loadHighchartsStock()).resolves.toBe(core);
    await expect(kit.loadHighcharts()).resolves.toBe(core);
    await kit.loadHighchartsStock();
    expect(loads).toEqual({ core: 1, palette: 1, stock: 1 });
  });

  it('fails when the core cannot load, and tries again on the next call', async () => {
    offline = true;
    const kit = freshKit();
    await expect(kit.loadHighchartsStock()).rejects.toThrow('offline');
    offline = false;
    await expect(kit.loadHighchartsStock()).resolves.toBe(core);
    expect(loads.core).toBe(1);
  });
});

describe('readChartColors', () => {
  /** A document whose root element's computed style gives `tokens`. */
  const page = (tokens: Record<string, string>) =>
    ({
      documentElement: {},
      defaultView: { getComputedStyle: () => ({ getPropertyValue: (name: string) => tokens[name] ?? '' }) },
    }) as unknown as Document;

  it('reads each colour from its design token', () => {
    const colors = freshKit().readChartColors(
      page({
        '--color-up': ' #ff5c66 ',
        '--color-down': '#3ecf7a',
        '--color-brand': '#8aa4ff',
        '--color-text-3': '#98a2b8',
        '--color-text-2': '#c3cadb',
        '--color-border': '#2a3245',
        '--color-warning': '#f0b44c',
      }),
    );
    expect(colors).toEqual({
      up: '#ff5c66',
      down: '#3ecf7a',
      line: '#8aa4ff',
      text: '#98a2b8',
      grid: '#2a3245',
      macd: '#8aa4ff',
      signal: '#f0b44c',
      k: '#8aa4ff',
      d: '#f0b44c',
      j: '#c3cadb',
    });
  });

  it('falls back to the light mode’s values on a page without the tokens', () => {
    const colors = freshKit().readChartColors(page({}));
    expect(colors).toMatchObject({ up: '#d0202b', down: '#0b7a3b', line: '#1a3fb8', text: '#626c82', grid: '#e1e5ee' });
  });
});
