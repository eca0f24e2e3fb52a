/**
 * @jest-environment jsdom
 *
 * The hosts' store factory: the session read from and mirrored to localStorage, the host's own
 * slices beside it, reducers and middleware injected at run time (remotes, the RTK Query base API).
 */
import { createSlice, type Middleware } from '@reduxjs/toolkit';
import { createHostStore, INJECT_MIDDLEWARE } from './store';
import { sessionChanged, sessionCleared } from './session';
import { readSession } from './session-storage';

const counter = createSlice({
  name: 'counter',
  initialState: 0,
  reducers: { bumped: (n) => n + 1 },
});

const ui = createSlice({ name: 'ui', initialState: { open: false }, reducers: {} });

beforeEach(() => localStorage.clear());

describe('createHostStore', () => {
  it('starts from the stored session (cn and jpy by default) and mirrors every change back', () => {
    localStorage.setItem('language', 'jp');
    const { store } = createHostStore();
    expect(store.getState().session).toEqual({ token: '', account: '', is_admin: '', language: 'jp', market: 'jpy' });
    store.dispatch(sessionChanged({ token: 'tk', account: '0901234567', market: 'usd' }));
    expect(readSession()).toMatchObject({ token: 'tk', account: '0901234567', language: 'jp', market: 'usd' });
    store.dispatch(sessionCleared());
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('account')).toBeNull();
    expect(localStorage.getItem('language')).toBe('jp');
  });

  it('lays a given session over the stored one without writing it until it changes', () => {
    localStorage.setItem('market', 'cny');
    const { store } = createHostStore({ session: { token: 't', language: 'us' } });
    expect(store.getState().session).toMatchObject({ token: 't', language: 'us', market: 'cny' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("keeps the host's own slices beside the session and refuses to let a remote replace them", () => {
    const { store, injectReducer } = createHostStore({ slices: [ui] });
    expect(store.getState().ui).toEqual({ open: false });
    expect(() => injectReducer('ui', counter.reducer)).toThrow(/belongs to the host/);
    expect(() => injectReducer('session', counter.reducer)).toThrow(/belongs to the host/);
  });

  it('injects a remote slice at run time and replaces it when the remote registers again', () => {
    const { store, injectReducer } = createHostStore();
    injectReducer('counter', counter.reducer);
    store.dispatch(counter.actions.bumped());
    expect((store.getState() as unknown as { counter: number }).counter).toBe(1);
    const doubled = createSlice({ name: 'counter', initialState: 0, reducers: { bumped: (n) => n + 2 } });
    injectReducer('counter', doubled.reducer);
    store.dispatch(doubled.actions.bumped());
    expect((store.getState() as unknown as { counter: number }).counter).toBe(3);
  });

  it('adds a middleware dispatched with INJECT_MIDDLEWARE (the RTK Query base API)', () => {
    const { store } = createHostStore();
    const seen: string[] = [];
    const spy: Middleware = () => (next) => (action) => {
      seen.push((action as { type: string }).type);
      return next(action);
    };
    store.dispatch({ type: INJECT_MIDDLEWARE, payload: spy });
    store.dispatch(sessionChanged({ market: 'usd' }));
    expect(seen).toEqual([sessionChanged.type]);
  });
});
