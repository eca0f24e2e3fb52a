/**
 * Session slice (spec §3, ARCHITECTURE.md "State, session, HTTP"): token, account, is_admin,
 * language (cn default), market (jpy default), mirrored to localStorage under exactly those keys.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionState } from '../mf';
import { readSession } from './session-storage';

export { SESSION_KEYS, readSession, writeSession } from './session-storage';

export const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => readSession(),
  reducers: {
    sessionChanged: (state, action: PayloadAction<Partial<SessionState>>) => ({ ...state, ...action.payload }),
    /** Exit and 401: the token, account (and the admin hint that came with them) are cleared. */
    sessionCleared: (state) => ({ ...state, token: '', account: '', is_admin: '' }),
  },
  selectors: {
    selectSession: (state) => state,
    selectLoggedIn: (state) => state.token !== '',
  },
});

export const { sessionChanged, sessionCleared } = sessionSlice.actions;
export const { selectSession, selectLoggedIn } = sessionSlice.selectors;
