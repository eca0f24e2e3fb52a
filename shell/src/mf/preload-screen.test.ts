/**
 * HostContext.preloadScreen: the owner remote is loaded as a visit would load it and the route's lazy screen is
 * started; the back office and unknown paths are never loaded; a failure is dropped (the navigation retries).
 */
import type { RemoteRegistration } from 'shared/mf';
import { preloadScreen } from './preload-screen';

const owners: Record<string, { name: string }> = {
  '/home/index': { name: 'mf_trade' },
  '/admin/index': { name: 'mf_admin' },
};
const resolver = { ownerOf: (path: string) => owners[path.split('?')[0]!] as never };

function registration(lazy: jest.Mock): RemoteRegistration {
  return {
    name: 'mf_trade',
    namespace: 'mf_trade',
    build: 'test',
    routes: [
      { path: '/home/home', lazy: jest.fn() },
      { path: '/home/index', lazy },
    ],
  } as RemoteRegistration;
}

it("loads the path's remote and starts that route's lazy screen (query ignored), and no other", async () => {
  const lazy = jest.fn(async () => ({ Component: () => null }));
  const reg = registration(lazy);
  const load = jest.fn(async () => reg);
  await preloadScreen({ resolver, loader: { load } }, '/home/index?tab=1');
  expect(load).toHaveBeenCalledWith('mf_trade');
  expect(lazy).toHaveBeenCalledTimes(1);
  expect(reg.routes[0]!.lazy).not.toHaveBeenCalled();
});

it('never loads the back office or a path no remote owns', async () => {
  const load = jest.fn(async () => registration(jest.fn()));
  await preloadScreen({ resolver, loader: { load } }, '/admin/index');
  await preloadScreen({ resolver, loader: { load } }, '/nowhere');
  expect(load).not.toHaveBeenCalled();
});

it('drops a failed load or a failed screen chunk', async () => {
  const failing = { load: jest.fn(async () => Promise.reject(new Error('offline'))) };
  await expect(preloadScreen({ resolver, loader: failing }, '/home/index')).resolves.toBeUndefined();
  const brokenChunk = jest.fn(async () => Promise.reject(new Error('chunk 404')));
  const loader = { load: jest.fn(async () => registration(brokenChunk)) };
  await expect(preloadScreen({ resolver, loader }, '/home/index')).resolves.toBeUndefined();
  expect(brokenChunk).toHaveBeenCalled();
});
