import { renderAccount, userInfoFixture } from '#testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { THEME_EVENT } from 'shared/ui';

const NAMES = {
  cn: { title: '外观', system: '跟随系统', light: '浅色', dark: '深色' },
  us: { title: 'Appearance', system: 'System', light: 'Light', dark: 'Dark' },
  jp: { title: '表示モード', system: 'システム設定', light: 'ライト', dark: 'ダーク' },
} as const;

async function openMine(language: keyof typeof NAMES) {
  await renderAccount('/mine/index', {
    adapter: fakeApi({ '/user/getUserinfo': ok(userInfoFixture()) }),
    session: { language, token: 't', account: '0901234567', market: 'jpy' },
  });
  return screen.findByRole('region', { name: NAMES[language].title });
}

describe('appearance switch on the mine screen', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
    document.head.innerHTML =
      '<meta name="theme-color" content="#1a3fb8" media="(prefers-color-scheme: light)" data-mode="light">' +
      '<meta name="theme-color" content="#151a24" media="(prefers-color-scheme: dark)" data-mode="dark">';
  });

  it.each(['cn', 'us', 'jp'] as const)(
    'offers System, Light and Dark in %s, System chosen by default',
    async (language) => {
      const card = await openMine(language);
      const names = NAMES[language];
      expect(within(card).getByRole('radio', { name: names.system })).toBeChecked();
      expect(within(card).getByRole('radio', { name: names.light })).not.toBeChecked();
      expect(within(card).getByRole('radio', { name: names.dark })).not.toBeChecked();
      if (language === 'us') expect(card.textContent).not.toMatch(/[\u3400-\u9fff]/);
    },
  );

  it('applies Dark at once (data-theme, the browser bar), stores it, and tells the charts', async () => {
    const changed = jest.fn();
    window.addEventListener(THEME_EVENT, changed);
    const card = await openMine('us');

    await userEvent.click(within(card).getByRole('radio', { name: 'Dark' }));

    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.querySelector('meta[data-mode="dark"]')?.getAttribute('media')).toBe('all');
    expect(document.querySelector('meta[data-mode="light"]')?.getAttribute('media')).toBe('not all');
    expect(changed).toHaveBeenCalledTimes(1);
    window.removeEventListener(THEME_EVENT, changed);
  });

  it('goes back to the system on System: nothing stored, no data-theme', async () => {
    localStorage.setItem('theme', 'light');
    document.documentElement.dataset.theme = 'light';
    const card = await openMine('jp');
    expect(within(card).getByRole('radio', { name: 'ライト' })).toBeChecked();

    await userEvent.click(within(card).getByRole('radio', { name: 'システム設定' }));

    expect(localStorage.getItem('theme')).toBeNull();
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(document.querySelector('meta[data-mode="dark"]')?.getAttribute('media')).toBe(
      '(prefers-color-scheme: dark)',
    );
  });
});
