import '../testing/setup';
import { ENDPOINTS } from 'shared/contract';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { post, registerAndLogin } from '../testing/users';

/**
 * The one risk-disclosure mechanism over HTTP (docs/decisions/0020-one-risk-disclosure.md): the /trade/ pair
 * with a kind serves every disclosure; the /ipo/ and /copy/ pairs are aliases of it with their kind fixed.
 */
describe.each(testBackends())('risk disclosures over HTTP on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  it('answers each kind through /trade/riskDisclosure, leverage by default, in the requested language', async () => {
    const user = await registerAndLogin(t.app);
    const read = async (form: Record<string, string>) =>
      ENDPOINTS.riskDisclosure.data.parse((await post(t.app, '/trade/riskDisclosure', form, user.headers)).body.data);
    expect((await read({ lang: 'en' })).title).toBe('Risk disclosure: leverage and short selling');
    expect((await read({ lang: 'en', kind: 'leverage' })).title).toBe('Risk disclosure: leverage and short selling');
    expect((await read({ lang: 'en', kind: 'new_share' })).title).toBe('Risk disclosure: new shares (IPO)');
    expect((await read({ lang: 'en', kind: 'copy_trade' })).title).toBe('Risk disclosure: copy-trading products');
    expect(await read({ lang: 'jp', kind: 'day_trade' })).toMatchObject({
      version: 1,
      title: 'デイトレードのリスク説明書',
      acknowledged: false,
      acknowledged_at: null,
    });
    const unknown = await post(t.app, '/trade/riskDisclosure', { lang: 'en', kind: 'margin' }, user.headers);
    expect(unknown.body).toMatchObject({ status: 0, msg: 'field_invalid' });
  });

  it('stores an acknowledgement once per kind, through the generic pair or an alias alike', async () => {
    const user = await registerAndLogin(t.app);
    const ack = await post(t.app, '/trade/riskAck', { kind: 'day_trade', version: '1' }, user.headers);
    expect(ack.body).toMatchObject({ status: 1, msg: 'risk_acknowledged', data: { version: 1 } });
    const dayTrade = await post(t.app, '/trade/riskDisclosure', { kind: 'day_trade' }, user.headers);
    expect(dayTrade.body.data).toMatchObject({ acknowledged: true, acknowledged_at: ack.body.data.acknowledged_at });
    // Another kind is not acknowledged by it.
    const leverage = await post(t.app, '/trade/riskDisclosure', {}, user.headers);
    expect(leverage.body.data).toMatchObject({ acknowledged: false });

    // The /ipo/ alias stores the new_share kind, which the generic pair then reads.
    expect((await post(t.app, '/ipo/riskAck', { version: '1' }, user.headers)).body.status).toBe(1);
    const newShare = await post(t.app, '/trade/riskDisclosure', { kind: 'new_share' }, user.headers);
    expect(newShare.body.data).toMatchObject({ acknowledged: true });
    // And the /copy/ alias reads copy_trade, acknowledged through the generic pair.
    expect((await post(t.app, '/copy/riskDisclosure', {}, user.headers)).body.data).toMatchObject({
      acknowledged: false,
    });
    await post(t.app, '/trade/riskAck', { kind: 'copy_trade', version: '1' }, user.headers);
    expect((await post(t.app, '/copy/riskDisclosure', {}, user.headers)).body.data).toMatchObject({
      acknowledged: true,
    });

    const stale = await post(t.app, '/trade/riskAck', { kind: 'day_trade', version: '2' }, user.headers);
    expect(stale.body).toMatchObject({ status: 0, msg: 'field_invalid' });
  });
});
