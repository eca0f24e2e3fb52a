import { render } from '@testing-library/react';
import { createStartupStore } from './startup-state';
import { StartupScreen } from './startup-screen';

type PageWindow = Window & { __logoSrc?: (url: string) => string };
const DATA = 'data:image/svg+xml;base64,PHN2Zy8+';

/** The logo the start-up screen shows: the page's inlined copy when index.html has one for it. */
describe('StartupScreen logo', () => {
  afterEach(() => {
    delete (window as PageWindow).__logoSrc;
  });

  const logoOf = () => {
    const store = createStartupStore();
    store.setConfig({ logo: '/logo.svg', img_base: '/img' });
    const { container } = render(<StartupScreen store={store} t={(key) => key} leaving={false} />);
    return container.querySelector('img')?.getAttribute('src');
  };

  it('keeps the image index.html painted from the inlined copy of that logo', () => {
    (window as PageWindow).__logoSrc = (url) => (url === '/img/logo.svg' ? DATA : url);
    expect(logoOf()).toBe(DATA);
  });

  it('loads the logo by its address when the page has no copy of it', () => {
    expect(logoOf()).toBe('/img/logo.svg');
    (window as PageWindow).__logoSrc = (url) => url;
    expect(logoOf()).toBe('/img/logo.svg');
  });
});
