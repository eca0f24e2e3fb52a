import { renderAccount } from '#testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '#lib';

describe('language screen', () => {
  beforeEach(() => localStorage.clear());

  it.each(['/mine/language', '/mine/changeLang'])('lists the three languages by native name at %s', async (path) => {
    await renderAccount(path, { session: { language: 'us' } });

    expect(await screen.findByRole('radio', { name: /English/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: '简体中文' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '日本語' })).not.toBeChecked();
  });

  it('stores the chosen language and reloads', async () => {
    const reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const { host } = await renderAccount('/mine/language', { session: { language: 'us' } });

    await userEvent.click(await screen.findByRole('radio', { name: '日本語' }));

    expect(host.ctx.getSession().language).toBe('jp');
    expect(localStorage.getItem('language')).toBe('jp');
    expect(reload).toHaveBeenCalledTimes(1);
    reload.mockRestore();
  });
});
