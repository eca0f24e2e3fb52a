import { renderAccount, session } from '#testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';

const item = {
  id: 7,
  title: 'Nikkei closes higher',
  summary: 'Exporters lead the gains.',
  body: 'Full text of the article.',
  published_at: '2025-03-03T06:00:00.000Z',
};

describe('news', () => {
  beforeEach(() => localStorage.clear());

  it('lists the news in the session language and opens an article', async () => {
    const api = fakeApi({
      '/news/list': ok({
        list: [{ id: 7, title: item.title, summary: item.summary, published_at: item.published_at }],
        total: 1,
      }),
      '/news/info': ok(item),
    });
    await renderAccount('/news/index', { adapter: api, session: { ...session, language: 'jp' } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /Nikkei closes higher/ }));

    expect(await screen.findByText('Full text of the article.')).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ url: '/news/list', form: { page: '1', size: '20', lang: 'jp' } });
    expect(api.calls[1]).toMatchObject({ url: '/news/info', form: { id: '7', lang: 'jp' } });
    expect(screen.getByRole('heading', { name: 'ニュース' })).toBeInTheDocument();
  });

  it('says why there is no news and where to go instead', async () => {
    await renderAccount('/news/index', { adapter: fakeApi({ '/news/list': ok({ list: [], total: 0 }) }), session });
    expect(await screen.findByText('No news to show')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse quotes' })).toHaveAttribute('href', '/quotes/search');
  });
});
