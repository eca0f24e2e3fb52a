import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderAccount } from '#testing';

const DATA = 'data:image/svg+xml;base64,PHN2Zy8+';
const config = { logo: '/img/logo.svg', img_base: '', title: 'Kabu' };

describe('start screen logo', () => {
  it('shows the page’s inlined copy of the site logo when the host has one (no request of its own)', async () => {
    await renderAccount('/login/start', {
      session: { language: 'us' },
      config,
      imageSource: (url) => (url === '/img/logo.svg' ? DATA : url),
    });
    const logo = await screen.findByRole('img', { name: /Kabu/ });
    expect(logo.getAttribute('src')).toBe(DATA);
    expect(logo.getAttribute('width')).toBe('88');
  });

  it('shows the logo’s URL from site config under a host without imageSource', async () => {
    await renderAccount('/login/start', { session: { language: 'us' }, config });
    const logo = await screen.findByRole('img', { name: /Kabu/ });
    expect(logo.getAttribute('src')).toBe('/img/logo.svg');
  });
});
