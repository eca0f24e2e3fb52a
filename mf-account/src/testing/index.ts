/**
 * Test helpers of this remote (`#testing`). Polyfills load first, before React Router.
 * `renderAccount` renders a path through the real `register` (routes, providers, namespace) with a
 * mini host, so screen tests exercise the remote as the shell composes it, faking only HTTP.
 */
import './polyfills';
import { renderRegistration, type RenderOptions } from 'shared/test-utils';
import { register } from '../expose/register';

export function renderAccount(path: string, options: Omit<RenderOptions, 'path'> = {}) {
  return renderRegistration(register, { ...options, path });
}
