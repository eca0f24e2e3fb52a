import { renderAccount, session } from '#testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, networkDown, ok, refused, reply } from 'shared/test-utils';

const none = {
  status: 'none',
  name: '',
  id_number: '',
  reject_reason: null,
  submitted_at: null,
  front_id: null,
  back_id: null,
};
const pending = {
  ...none,
  status: 'pending',
  name: 'T*',
  id_number: '****5678',
  submitted_at: '2025-03-01T02:00:00.000Z',
  front_id: 'a',
  back_id: 'b',
};

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type: 'image/png' });

const EN = {
  name: 'Full name',
  id: 'ID number',
  front: 'Front of ID',
  back: 'Back of ID',
  submit: 'Submit for review',
};
const JA = { name: '氏名', id: '身分証番号', front: '身分証の表面', back: '身分証の裏面', submit: '提出する' };

/** Fills the form with valid details and both images, ticks the privacy statement and submits. */
async function submitFilled(user: ReturnType<typeof userEvent.setup>, labels = EN) {
  await user.type(await screen.findByLabelText(labels.name), 'Taro Yamada');
  await user.type(screen.getByLabelText(labels.id), 'AB12345678');
  await user.upload(screen.getByLabelText(labels.front), png('front.png'));
  await user.upload(screen.getByLabelText(labels.back), png('back.png'));
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: labels.submit }));
}

describe('identity verification screen', () => {
  beforeEach(() => localStorage.clear());

  it('asks for the name, both ID images and the privacy tick before sending', async () => {
    const api = fakeApi({ '/user/realnameInfo': ok(none) });
    await renderAccount('/mine/verified', { adapter: api, session });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('ID number'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));

    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Fill in your name.');
    expect(screen.getByLabelText('ID number')).toHaveAccessibleDescription(
      'The ID number is malformed (6–32 letters, digits or hyphens).',
    );
    expect(screen.getByLabelText('Front of ID')).toHaveAccessibleDescription(/Upload both sides of your ID\./);
    expect(screen.getByLabelText('Back of ID')).toHaveAccessibleDescription(/Upload both sides of your ID\./);
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription('Please accept the privacy statement first.');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/mine/privacy');
    expect(api.calls.map((c) => c.url)).toEqual(['/user/realnameInfo']);
  });

  it('refuses a file that is not a JPEG, PNG or WebP image, or larger than 5 MB', async () => {
    await renderAccount('/mine/verified', { adapter: fakeApi({ '/user/realnameInfo': ok(none) }), session });
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      await screen.findByLabelText('Front of ID'),
      new File(['%PDF'], 'id.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByLabelText('Front of ID')).toHaveAccessibleDescription(
      /Only JPEG, PNG and WebP images are accepted\./,
    );

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Back of ID'), big);
    expect(screen.getByLabelText('Back of ID')).toHaveAccessibleDescription(/The image cannot be larger than 5 MB\./);
  });

  it('sends name, number and both images as multipart and then shows the review state', async () => {
    let sent: FormData | undefined;
    let state: Record<string, unknown> = none;
    const api = fakeApi({
      '/user/realnameInfo': () => ok(state),
      '/user/realname': (_form: Record<string, string>, config: { data?: unknown }) => {
        sent = config.data as FormData;
        state = pending;
        return ok(pending);
      },
    });
    const { host } = await renderAccount('/mine/verified', { adapter: api, session });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Full name'), 'Taro Yamada');
    await user.type(screen.getByLabelText('ID number'), 'ab-12345678');
    await user.upload(screen.getByLabelText('Front of ID'), png('front.png'));
    await user.upload(screen.getByLabelText('Back of ID'), png('back.png'));
    expect(screen.getByText('front.png')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));

    expect(await screen.findByText(/Your details are under review/)).toBeInTheDocument();
    expect(sent).toBeInstanceOf(FormData);
    expect(sent!.get('name')).toBe('Taro Yamada');
    expect(sent!.get('id_number')).toBe('ab-12345678');
    expect(sent!.get('privacy')).toBe('1');
    expect((sent!.get('front') as File).name).toBe('front.png');
    expect((sent!.get('back') as File).name).toBe('back.png');
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument();
    expect(screen.getByText('****5678')).toBeInTheDocument();
    expect(host.toasts).toContain('Identity verification submitted. Please wait for the review.');
  });

  it('shows a refusal of the server above the submit', async () => {
    const api = fakeApi({ '/user/realnameInfo': ok(none), '/user/realname': refused('file_type_invalid') });
    await renderAccount('/mine/verified', { adapter: api, session });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Full name'), 'Taro Yamada');
    await user.type(screen.getByLabelText('ID number'), 'AB12345678');
    await user.upload(screen.getByLabelText('Front of ID'), png('front.png'));
    await user.upload(screen.getByLabelText('Back of ID'), png('back.png'));
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));

    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
        'Only JPEG, PNG and WebP images are accepted.',
      ),
    );
  });

  it('shows why a verification failed and offers the form again', async () => {
    const api = fakeApi({
      '/user/realnameInfo': ok({ ...pending, status: 'failed', reject_reason: 'The photo is blurred' }),
    });
    await renderAccount('/mine/verified', { adapter: api, session });

    expect(await screen.findByText('Reason: The photo is blurred')).toBeInTheDocument();
    expect(screen.getByText('Verification failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeInTheDocument();
  });

  it('shows a verified identity in Chinese with the way on to bank cards', async () => {
    const api = fakeApi({ '/user/realnameInfo': ok({ ...pending, status: 'verified' }) });
    await renderAccount('/mine/verified', { adapter: api, session: { ...session, language: 'cn' } });

    expect(await screen.findByText('实名认证已通过。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去绑定银行卡' })).toHaveAttribute('href', '/mine/bank');
    expect(screen.queryByRole('button', { name: '提交审核' })).not.toBeInTheDocument();
  });

  it('shows thumbnails of the submitted ID sides, fetched as the owner through /user/image', async () => {
    const FRONT = 'data:image/png;base64,RlJPTlQ=';
    const BACK = 'data:image/png;base64,QkFDSw==';
    const api = fakeApi({
      '/user/realnameInfo': ok({ ...pending, front_id: 'frontfrontfront01', back_id: 'backbackbackback02' }),
      '/user/image': (form: Record<string, string>) =>
        ok({ id: form.id, mime: 'image/png', data_url: form.id === 'frontfrontfront01' ? FRONT : BACK }),
    });
    await renderAccount('/mine/verified', { adapter: api, session });

    const front = await screen.findByRole('img', { name: 'Front of ID' });
    expect(front).toHaveAttribute('src', FRONT);
    expect(front.closest('a')).toHaveAttribute('href', FRONT);
    expect(await screen.findByRole('img', { name: 'Back of ID' })).toHaveAttribute('src', BACK);
    expect(api.calls.filter((c) => c.url === '/user/image').map((c) => c.form)).toEqual([
      { id: 'frontfrontfront01' },
      { id: 'backbackbackback02' },
    ]);
  });

  it('says upload_success at each submitted side once the server stored it (not on a later visit)', async () => {
    let state: Record<string, unknown> = none;
    const api = fakeApi({
      '/user/realnameInfo': () => ok(state),
      '/user/realname': () => {
        state = pending;
        return ok(pending);
      },
      '/user/image': (form: Record<string, string>) =>
        ok({ id: form.id, mime: 'image/png', data_url: 'data:image/png;base64,QQ==' }),
    });
    const view = await renderAccount('/mine/verified', { adapter: api, session });
    const user = userEvent.setup();
    expect(screen.queryByText('Upload successful.')).not.toBeInTheDocument();
    await submitFilled(user);

    const front = (await screen.findByRole('img', { name: 'Front of ID' })).closest('figure')!;
    expect(within(front).getByRole('status')).toHaveTextContent('Upload successful.');
    const back = (await screen.findByRole('img', { name: 'Back of ID' })).closest('figure')!;
    expect(within(back).getByRole('status')).toHaveTextContent('Upload successful.');
    view.unmount();

    // Coming back later: the same images, no claim about an upload made now.
    await renderAccount('/mine/verified', { adapter: api, session });
    expect(await screen.findByRole('img', { name: 'Front of ID' })).toBeInTheDocument();
    expect(screen.queryByText('Upload successful.')).not.toBeInTheDocument();
  });

  it('says upload_failed at both images and submit_failed with the cause when the network is down', async () => {
    let attempts = 0;
    const api = fakeApi({
      '/user/realnameInfo': ok(none),
      '/user/realname': () => (++attempts === 1 ? networkDown() : ok(pending)),
    });
    await renderAccount('/mine/verified', { adapter: api, session });
    const user = userEvent.setup();
    await submitFilled(user);

    await waitFor(() => expect(screen.getByLabelText('Front of ID')).toHaveAccessibleDescription(/Upload failed\./));
    expect(screen.getByLabelText('Back of ID')).toHaveAccessibleDescription(/Upload failed\./);
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toContain('Submission failed.Network error. Check your connection.');
    expect(screen.queryByText('Upload successful.')).not.toBeInTheDocument();
    // The form keeps what was typed and chosen: submitting again sends it.
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(attempts).toBe(2));
    await waitFor(() => expect(screen.queryByText('Submission failed.')).not.toBeInTheDocument());
  });

  it('says submit_failed with the HTTP status in Japanese, and upload_failed at the images', async () => {
    const api = fakeApi({ '/user/realnameInfo': ok(none), '/user/realname': reply(502) });
    await renderAccount('/mine/verified', { adapter: api, session: { ...session, language: 'jp' } });
    const user = userEvent.setup();
    await submitFilled(user, JA);

    expect(await screen.findByText('送信に失敗しました。')).toBeInTheDocument();
    expect(screen.getAllByText('アップロードに失敗しました。')).toHaveLength(2);
  });

  it('keeps a business refusal as its own message: no upload_failed, no submit_failed', async () => {
    const api = fakeApi({ '/user/realnameInfo': ok(none), '/user/realname': refused('id_number_invalid') });
    await renderAccount('/mine/verified', { adapter: api, session });
    const user = userEvent.setup();
    await submitFilled(user);

    await waitFor(() =>
      expect(screen.getByLabelText('ID number')).toHaveAccessibleDescription(
        'The ID number is malformed (6–32 letters, digits or hyphens).',
      ),
    );
    expect(screen.queryByText('Upload failed.')).not.toBeInTheDocument();
    expect(screen.queryByText('Submission failed.')).not.toBeInTheDocument();
  });
});
