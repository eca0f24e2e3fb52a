/**
 * Progressive boot: the start-up screen is painted by the first chunk alone, before the rest of
 * the shell has loaded; the rest loads in parallel, takes over, and each step still follows real
 * work (remotes.json and the first manifest, site config, assets, the first remote).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { UNSAFE_createMemoryHistory } from 'react-router';
import { fakeApi, ok } from 'shared/test-utils';
import { languageToTag } from 'shared/i18n';
import { defaultRegistry, fakeRuntime } from '../testing/harness';
import { boot, BOOT_TAGS, type BootOptions, type ShellStage } from './boot';
import { STARTUP_STEPS } from './startup-state';
import { startShell } from '../app/start';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const status = (step: string) => document.querySelector(`[data-step="${step}"]`)?.getAttribute('data-status');
const manifestOk = () => Promise.resolve(new Response('{}', { status: 200 }));

let container: HTMLElement;
beforeEach(() => {
  localStorage.clear();
  window.location.hash = '#/login/start';
  document.title = 'Kabu';
  container = document.createElement('div');
  document.body.appendChild(container);
});
afterEach(() => {
  container.remove();
  jest.restoreAllMocks();
});

async function startBoot(options: Partial<BootOptions> & Pick<BootOptions, 'loadShell'>) {
  let handle!: ReturnType<typeof boot>;
  await act(async () => {
    handle = boot(container, { fetchManifest: manifestOk, ...options });
  });
  return handle;
}

describe('boot (first chunk)', () => {
  it(
    'paints the start-up screen before the rest of the shell has loaded, and starts loading it in the next task',
    paintsBeforeTheShellLoads,
  );

  async function paintsBeforeTheShellLoads(): Promise<void> {
    const shell = deferred<ShellStage>();
    const loadShell = jest.fn(() => shell.promise);
    const registry = deferred<ReturnType<typeof defaultRegistry>>();
    const fetchRegistry = jest.fn(() => registry.promise);
    await startBoot({ loadShell, fetchRegistry });

    // in the task after the boot's own (docs/decisions/0013-short-tasks-after-first-paint.md)
    await waitFor(() => expect(loadShell).toHaveBeenCalledTimes(1));
    expect(fetchRegistry).toHaveBeenCalledTimes(1);
    const dialog = screen.getByRole('dialog', { name: '正在启动' });
    expect(within(dialog).getByText('Kabu 证券', { exact: false })).toBeInTheDocument();
    expect(STARTUP_STEPS.map(status)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending', 'pending']);
    expect(within(dialog).getByText('正在检查应用版本')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-CN');

    // remotes.json answers before the rest of the shell: the version step does not wait for it
    await act(async () => registry.resolve(defaultRegistry()));
    await waitFor(() => expect(status('version')).toBe('done'));
    expect(status('starting')).toBe('pending');
  }

  it.each([
    ['us', 'Starting', 'Checking app version'],
    ['jp', '起動中', 'アプリのバージョンを確認しています'],
  ])('shows the start-up labels in the session language (%s)', async (language, label, version) => {
    localStorage.setItem('language', language);
    await startBoot({
      loadShell: () => new Promise(() => undefined),
      fetchRegistry: () => new Promise(() => undefined),
    });
    const dialog = screen.getByRole('dialog', { name: label });
    expect(within(dialog).getByText(version)).toBeInTheDocument();
    expect(document.documentElement.lang).toBe(BOOT_TAGS[language as 'us' | 'jp']);
  });

  it('maps languages to the same tags as shared/i18n', () => {
    for (const [language, tag] of Object.entries(BOOT_TAGS)) expect(languageToTag(language)).toBe(tag);
  });

  it('marks version failed and offers Retry when remotes.json cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const onRetry = jest.fn();
    await startBoot({
      loadShell: () => new Promise(() => undefined),
      fetchRegistry: () => Promise.reject(new Error('HTTP 503')),
      onRetry,
    });
    await waitFor(() => expect(status('version')).toBe('failed'));
    expect(screen.getByText('启动失败，请检查网络后重试')).toBeInTheDocument();
    screen.getByRole('button', { name: '重试' }).click();
    expect(onRetry).toHaveBeenCalled();
  });

  it('marks starting failed and offers Retry when the rest of the shell cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // index.html's early copy of the first screen's data (docs/decisions/0030) goes: no screen will follow
    const page = window as Window & { __earlyQuoteDone?: () => void };
    page.__earlyQuoteDone = jest.fn();
    await startBoot({
      loadShell: () => Promise.reject(new Error('ChunkLoadError: Loading chunk 215 failed')),
      fetchRegistry: async () => defaultRegistry(),
    });
    await waitFor(() => expect(status('starting')).toBe('failed'));
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(page.__earlyQuoteDone).toHaveBeenCalled();
    delete page.__earlyQuoteDone;
  });

  it('marks version failed when the first screen remote manifest does not answer', async () => {
    await startBoot({
      loadShell: () => new Promise(() => undefined),
      fetchRegistry: async () => defaultRegistry(),
      fetchManifest: async () => new Response('', { status: 404 }),
    });
    await waitFor(() => expect(status('version')).toBe('failed'));
  });
});

describe('boot hand-over to the rest of the shell (app/start.tsx)', () => {
  it('drives every step from real work and shows the first screen behind the start-up screen', async () => {
    const config = deferred<unknown>();
    const api = fakeApi({ '/common/config': () => config.promise });
    const runtime = fakeRuntime({});
    const provideEarly = jest.fn();
    const loadShell = async (): Promise<ShellStage> => ({
      startShell: (b) =>
        startShell(b, {
          adapter: api,
          mf: { runtime: runtime.runtime, provideEarly },
          history: UNSAFE_createMemoryHistory({ initialEntries: ['/login/start'] }),
        }),
    });
    await startBoot({ loadShell, fetchRegistry: async () => defaultRegistry() });

    await waitFor(() => expect(status('starting')).toBe('done'));
    await waitFor(() => expect(status('version')).toBe('done'));
    expect(status('colocation')).toBe('skipped'); // no session
    await waitFor(() => expect(status('warrant')).toBe('done'));
    expect(runtime.loads).toEqual(['mf_account']);
    expect(provideEarly).toHaveBeenCalledWith(
      expect.stringContaining('/remotes/mf-account/mf-manifest.json'),
      expect.any(Promise),
    );
    // the first screen renders behind the overlay
    expect(await screen.findByRole('heading', { name: 'mf_account /login/start' })).toBeInTheDocument();

    // quote waits for the site config, and loaded waits for quote
    expect(api.calls.map((c) => c.url)).toContain('/common/config');
    expect(status('quote')).toBe('pending');
    expect(status('loaded')).toBe('pending');
    await act(async () =>
      config.resolve(
        ok([
          { name: 'title', value: 'Kabu Test' },
          { name: 'logo', value: '/logo.png' },
          { name: 'img_base', value: 'https://img.example' },
        ]),
      ),
    );
    await waitFor(() => expect(status('quote')).toBe('done'));
    await waitFor(() => expect(status('loaded')).toBe('done'));
    expect(document.title).toBe('Kabu Test');
    const dialog = screen.queryByRole('dialog');
    if (dialog) {
      expect(within(dialog).getByText('Kabu Test')).toBeInTheDocument();
      expect(dialog.querySelector('img')).toHaveAttribute('src', 'https://img.example/logo.png');
    }
    // the overlay fades out and goes
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'mf_account /login/start' })).toBeInTheDocument();
  });

  it('loads the user assets for the colocation step with a session, and marks a failed remote', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('account', '0901234567');
    window.location.hash = '#/home/index';
    const api = fakeApi({ '/common/config': ok([]), '/user/getUserinfo': ok({ account: '0901234567' }) });
    const runtime = fakeRuntime({ mf_trade: 'down' });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const loadShell = async (): Promise<ShellStage> => ({
      startShell: (b) =>
        startShell(b, {
          adapter: api,
          mf: { runtime: runtime.runtime, provideEarly: () => undefined },
          history: UNSAFE_createMemoryHistory({ initialEntries: ['/home/index'] }),
        }),
    });
    await startBoot({ loadShell, fetchRegistry: async () => defaultRegistry() });
    await waitFor(() => expect(status('loaded')).toBe('done'));
    expect(status('warrant')).toBe('failed');
    expect(['done', 'failed']).toContain(status('colocation'));
    expect(api.calls.some((c) => c.url !== '/common/config')).toBe(true);
  });
});
