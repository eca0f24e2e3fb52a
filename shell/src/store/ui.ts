/**
 * Shell UI state: toast, in-flight request counter, side panel, site config. The start-up steps
 * live outside Redux (boot/startup-state.ts) so the first paint needs no Redux.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface UiState {
  toast: { id: number; text: string } | null;
  inFlight: number;
  panelOpen: boolean;
  /** Site config (`common/config` type=all) by name. */
  config: Record<string, string>;
}

const initialState: UiState = {
  toast: null,
  inFlight: 0,
  panelOpen: false,
  config: {},
};

let toastSeq = 0;

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    toastShown: {
      reducer: (state, action: PayloadAction<{ id: number; text: string }>) => {
        state.toast = action.payload;
      },
      prepare: (text: string) => ({ payload: { id: ++toastSeq, text } }),
    },
    /** Clears the toast; with an id, only if that toast is still the one shown. */
    toastCleared: (state, action: PayloadAction<number | undefined>) => {
      if (action.payload === undefined || state.toast?.id === action.payload) state.toast = null;
    },
    requestStarted: (state) => {
      state.inFlight += 1;
    },
    requestEnded: (state) => {
      state.inFlight = Math.max(0, state.inFlight - 1);
    },
    panelToggled: (state, action: PayloadAction<boolean>) => {
      state.panelOpen = action.payload;
    },
    configLoaded: (state, action: PayloadAction<Record<string, string>>) => {
      state.config = action.payload;
    },
  },
  selectors: {
    selectToast: (s) => s.toast,
    selectBusy: (s) => s.inFlight > 0,
    selectPanelOpen: (s) => s.panelOpen,
    selectConfig: (s) => s.config,
  },
});

export const { toastShown, toastCleared, requestStarted, requestEnded, panelToggled, configLoaded } = uiSlice.actions;
export const { selectToast, selectBusy, selectPanelOpen, selectConfig } = uiSlice.selectors;
