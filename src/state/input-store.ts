/** What the user typed and chose. Derived output lives in the pipeline query, never here (STYLE.md 8–9). */
import { create } from 'zustand';
import type { FormatId } from '../core/formats/index.ts';

export interface InputState {
  text: string;
  /** The user's choice of format; undefined = detected. */
  formatOverride?: FormatId;
  modelId: string;
  /** Seed 002 memory limit for the pruning line, in tokens. */
  pruneLimit: number;
}

export interface InputActions {
  textEdited(text: string): void;
  formatOverridden(format: FormatId | undefined): void;
  modelChosen(modelId: string): void;
  pruneLimitChanged(limit: number): void;
  sampleOpened(text: string): void;
  reset(): void;
}

export const initialInputState: InputState = {
  text: '',
  formatOverride: undefined,
  modelId: 'gpt-4o',
  pruneLimit: 8000,
};

export const useInputStore = create<InputState & InputActions>()((set) => ({
  ...initialInputState,
  textEdited: (text) => set({ text }),
  formatOverridden: (formatOverride) => set({ formatOverride }),
  modelChosen: (modelId) => set({ modelId }),
  pruneLimitChanged: (pruneLimit) => set({ pruneLimit }),
  sampleOpened: (text) => set({ text, formatOverride: undefined }),
  reset: () => set(initialInputState),
}));
