import { createSlice } from '@reduxjs/toolkit';

export interface UiState {
  /** How many things currently want the global progress bar; shown while above zero. */
  progress: number;
  /** The page is scrolled down (the header gets its shadow). */
  scrolled: boolean;
}

const uiSlice = createSlice({
  name: 'ui',
  initialState: (): UiState => ({ progress: 0, scrolled: false }),
  reducers: {
    progressShown(state) {
      state.progress += 1;
    },
    progressHidden(state) {
      state.progress = Math.max(0, state.progress - 1);
    },
    scrolledChanged(state, action: { payload: boolean }) {
      state.scrolled = action.payload;
    },
  },
});

export const { progressShown, progressHidden, scrolledChanged } = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
export const selectProgressVisible = (s: { ui: UiState }) => s.ui.progress > 0;
export const selectScrolled = (s: { ui: UiState }) => s.ui.scrolled;
