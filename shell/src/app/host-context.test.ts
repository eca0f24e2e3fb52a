import { afterEach, describe, expect, it } from '@jest/globals';
import { createHostContext, type HostContextDeps } from './host-context';

type PageWindow = Window & { __logoSrc?: (url: string) => string };
const DATA = 'data:image/svg+xml;base64,PHN2Zy8+';

// imageSource uses none of the deps
const ctx = () => createHostContext({} as unknown as HostContextDeps);

describe('host context imageSource', () => {
  afterEach(() => {
    delete (window as PageWindow).__logoSrc;
  });

  it('gives remotes the page’s inlined copy of a site image (index.html’s __logoSrc)', () => {
    (window as PageWindow).__logoSrc = (url) => (url === '/img/logo.svg' ? DATA : url);
    expect(ctx().imageSource?.('/img/logo.svg')).toBe(DATA);
    expect(ctx().imageSource?.('/img/other.png')).toBe('/img/other.png');
  });

  it('gives the URL itself when the page carries no copy', () => {
    expect(ctx().imageSource?.('/img/logo.svg')).toBe('/img/logo.svg');
  });
});
