/**
 * Test helpers of this remote (`#testing`). `renderAccount` renders a path through the real
 * `register` (routes, providers, namespace) with a mini host, so screen tests exercise the remote as
 * the shell composes it, faking only HTTP. The jsdom polyfills live in shared's setup-dom.ts.
 */
import { renderRemote, type RemoteRenderOptions } from 'shared/remote-kit/testing';
import { register } from '../expose/register';

export function renderAccount(path: string, options: RemoteRenderOptions = {}) {
  return renderRemote(register, path, options);
}

export { userInfoFixture, session } from './fixtures';
