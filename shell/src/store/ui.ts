/** Shell UI state: toast, in-flight request counter, side panel, start-up steps. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const STARTUP_STEPS = ['starting', 'version', 'quote', 'colocation', 'warrant', 'loaded'] as const;
export type StartupStep = (typeof STARTUP_STEPS)[number];
export type StepStatus = 'pending' | 'done' | 'skipped' | 'failed';

export interface UiState {
  toast: { id: number; text: string } | null;
  inFlight: number;
  panelOpen: boolean;
  startup: Record<StartupStep, StepStatus>;
  /** Site config (`common/config` type=all) by name. */
  config: Record<string, string>;
  /** Start-up could not reach remotes.json. */
  startupFailed: boolean;
}

const initialState: UiState = {
  toast: null,
  inFlight: 0,
  panelOpen: false,
  startup: { starting: 'pending', version: 'pending', quote: 'pending', colocation: 'pending', warrant: 'pending', loaded: 'pending' },
  config: {},
  startupFailed: false,
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
    startupStep: (state, action: PayloadAction<{ step: StartupStep; status: StepStatus }>) => {
      state.startup[action.payload.step] = action.payload.status;
    },
    startupFailed: (state) => {
      state.startupFailed = true;
    },
    configLoaded: (state, action: PayloadAction<Record<string, string>>) => {
      state.config = action.payload;
    },
  },
  selectors: {
    selectToast: (s) => s.toast,
    selectBusy: (s) => s.inFlight > 0,
    selectPanelOpen: (s) => s.panelOpen,
    selectStartup: (s) => s.startup,
    selectStartupFailed: (s) => s.startupFailed,
    selectConfig: (s) => s.config,
  },
});

export const { toastShown, toastCleared, requestStarted, requestEnded, panelToggled, startupStep, startupFailed, configLoaded } = uiSlice.actions;
export const { selectToast, selectBusy, selectPanelOpen, selectStartup, selectStartupFailed, selectConfig } = uiSlice.selectors;
