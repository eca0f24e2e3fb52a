/**
 * @jest-environment jsdom
 *
 * The one risk-disclosure dialog: the kind's text from /trade/riskDisclosure in the session language,
 * acceptance stored through /trade/riskAck with the kind and version, the remote's refusal when that is
 * refused, a note when the text cannot be loaded; the labels in zh-CN, en and ja.
 */
import '../test-utils/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RiskKind } from 'shared/contract';
import { installBaseApi } from 'shared/api';
import { createMiniHost, fakeApi, ok, refused, renderWithHost, type FakeApi } from '../test-utils';
import type { Language } from '../mf';
import { RiskDisclosureDialog } from './risk-disclosure-dialog';
import { riskParagraphs } from './risk-disclosure';

const disclosure = {
  version: 2,
  title: 'Day trading: risks',
  text: 'Losses can reach the whole participation.\n\nPositions close at the session close.',
  acknowledged: false,
  acknowledged_at: null,
};

function Refusal({ error }: { error: { msg: string } | undefined }) {
  return error ? <p role="alert">refused: {error.msg}</p> : null;
}

function renderDialog(
  adapter: FakeApi,
  { kind = 'day_trade', language = 'us' }: { kind?: RiskKind; language?: Language } = {},
) {
  const onAccepted = jest.fn();
  const onCancel = jest.fn();
  const host = createMiniHost({ adapter, session: { language, market: 'jpy', token: 't' } });
  installBaseApi(host.ctx);
  renderWithHost(
    <RiskDisclosureDialog
      kind={kind}
      open
      language={language}
      onAccepted={onAccepted}
      onCancel={onCancel}
      refusal={Refusal}
    />,
    { host },
  );
  return { onAccepted, onCancel };
}

describe('RiskDisclosureDialog', () => {
  it("shows the kind's text in the session language and stores the acceptance with kind and version", async () => {
    const adapter = fakeApi({
      '/trade/riskDisclosure': ok(disclosure),
      '/trade/riskAck': ok({ version: 2, acknowledged_at: '2026-11-24T01:00:00.000Z' }),
    });
    const { onAccepted } = renderDialog(adapter);
    const dialog = await screen.findByRole('alertdialog', { name: 'Day trading: risks' });
    const text = within(dialog).getByLabelText('Full text of the risk disclosure');
    expect(within(text).getAllByRole('paragraph')).toHaveLength(2);
    expect(dialog).toHaveTextContent('Version 2. Your acceptance is stored with its time; you are asked only once.');
    expect(adapter.calls.find((c) => c.url === '/trade/riskDisclosure')?.form).toEqual({
      kind: 'day_trade',
      lang: 'us',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have read and accept' }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledTimes(1));
    expect(adapter.calls.find((c) => c.url === '/trade/riskAck')?.form).toEqual({ kind: 'day_trade', version: '2' });
  });

  it('shows the refusal when the acceptance is refused and does not go on', async () => {
    const adapter = fakeApi({
      '/trade/riskDisclosure': ok(disclosure),
      '/trade/riskAck': refused('field_invalid'),
    });
    const { onAccepted } = renderDialog(adapter, { kind: 'copy_trade' });
    const dialog = await screen.findByRole('alertdialog', { name: 'Day trading: risks' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have read and accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('refused: field_invalid');
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it('says so when the text cannot be loaded, and cancels', async () => {
    const adapter = fakeApi({ '/trade/riskDisclosure': refused('server_error') });
    const { onCancel } = renderDialog(adapter, { kind: 'new_share' });
    const dialog = await screen.findByRole('alertdialog', { name: 'Risk disclosure' });
    expect(await within(dialog).findByText('The risk disclosure could not be loaded. Try again later.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it.each([
    ['cn', '我已阅读并同意', '风险揭示书全文'],
    ['jp', '内容を確認し、同意します', 'リスク説明書の全文'],
  ] as const)('has its labels in %s', async (language, accept, textLabel) => {
    const adapter = fakeApi({ '/trade/riskDisclosure': ok(disclosure) });
    renderDialog(adapter, { kind: 'leverage', language });
    const dialog = await screen.findByRole('alertdialog', { name: 'Day trading: risks' });
    expect(within(dialog).getByRole('button', { name: accept })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(textLabel)).toBeInTheDocument();
  });
});

describe('risk disclosure paragraphs', () => {
  it('keeps line breaks, else splits numbered points', () => {
    expect(riskParagraphs('A.\n\nB.')).toEqual(['A.', 'B.']);
    expect(riskParagraphs('1. Leverage. 2. Shorts lose when prices rise. 10. Fees.')).toEqual([
      '1. Leverage.',
      '2. Shorts lose when prices rise.',
      '10. Fees.',
    ]);
    expect(riskParagraphs('Price 2.5 is fine.')).toEqual(['Price 2.5 is fine.']);
  });
});
