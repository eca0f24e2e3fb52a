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

  it('loads the next 20 articles on "Load more" until every article is shown', async () => {
    const news = Array.from({ length: 21 }, (_, i) => ({
      id: 21 - i,
      title: `Article ${21 - i}`,
      summary: '',
      published_at: '2025-03-03T06:00:00.000Z',
    }));
    const api = fakeApi({
      '/news/list': (form: Record<string, string>) => {
        const page = Number(form.page);
        const size = Number(form.size);
        return ok({ list: news.slice((page - 1) * size, page * size), total: news.length });
      },
    });
    await renderAccount('/news/index', { adapter: api, session });
    expect(await screen.findByRole('link', { name: /Article 21/ })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(20);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Article 1')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.form.page)).toEqual(['1', '2']);
  });
});
