import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loadStoredToken } from './session';

interface SessionState {
  token: string | null;
  /** Why the last session ended, shown on the login screen ("Your session has expired…"). */
  endedBecause: string | null;
}

const initialState: SessionState = { token: loadStoredToken(), endedBecause: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<string>) {
      state.token = action.payload;
      state.endedBecause = null;
    },
    tokenRefreshed(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    signedOut(state, action: PayloadAction<string | undefined>) {
      state.token = null;
      state.endedBecause = action.payload ?? null;
    },
  },
});

export const { signedIn, tokenRefreshed, signedOut } = sessionSlice.actions;
