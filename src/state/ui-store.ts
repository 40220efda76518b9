/** UI state: what is selected, shown and folded. No I/O here; storage and the URL live in hooks at the edges. */
import { create } from 'zustand';
import type { SourceRange } from '../core/ir.ts';
import type { DiffState } from '../core/share/permalink.ts';

export type ViewId = 'console' | 'native' | 'multimodal' | 'tokens' | 'session' | 'prompt';
/** The four dividers of the inspect layout: editor | views, top row | bottom row, and each row's two views. */
export type SplitId = 'editor' | 'rows' | 'top' | 'bottom';
export type Splits = Record<SplitId, number>;
export const defaultSplits: Splits = { editor: 0.4, rows: 0.55, top: 0.5, bottom: 0.5 };
export type NativeFlavour = 'openai' | 'anthropic';

export interface UiState {
  /** The source range the editor should select and reveal; `nonce` makes a repeat click count. */
  reveal?: { range: SourceRange; nonce: number };
  /** Editor cursor offset, for highlighting the entry it is in. */
  cursorOffset: number;
  nativeFlavour: NativeFlavour;
  /** One view shown full width, or none. */
  maximized?: ViewId;
  /** Message indexes whose console entry is folded. */
  collapsed: ReadonlySet<number>;
  showProblems: boolean;
  workspace: 'inspect' | 'diff';
  diff: DiffState;
  /** A message for the user: a link that could not be opened, a file that could not be read. */
  notice?: { tone: 'info' | 'error'; text: string };
  /** Forge's own estimate and memory pruning, shown for other formats too. */
  forgeFigures: boolean;
  /** The keyboard shortcuts dialog is open. */
  helpOpen: boolean;
  /** Where the user put the dividers: kept across reloads and in the permalink. */
  splits: Splits;
  /** The grid's third view when both apply: the multimodal message or the rendered prompt (undefined: the prompt for an open-weight model). */
  thirdView?: 'multimodal' | 'prompt';
  /** The Prompt view shows spaces, tabs and line breaks, and token boundaries with their ids. */
  promptWhitespace: boolean;
  promptTokens: boolean;
  /** The Session view shows computed figures calibrated to the recorded usage. */
  sessionCalibrated: boolean;
  /** A session file being read in the worker: what has been read so far. */
  opening?: { name: string; bytes: number; total: number; lines: number };
}

export interface UiActions {
  sourceRequested(range: SourceRange): void;
  cursorMoved(offset: number): void;
  nativeFlavourChosen(flavour: NativeFlavour): void;
  viewMaximizeToggled(view: ViewId): void;
  entryToggled(index: number): void;
  allEntriesExpanded(): void;
  allEntriesCollapsed(indexes: readonly number[]): void;
  problemsToggled(): void;
  workspaceChosen(workspace: UiState['workspace']): void;
  diffChanged(diff: Partial<DiffState>): void;
  noticeShown(notice: UiState['notice']): void;
  openingProgressed(opening: UiState['opening']): void;
  forgeFiguresToggled(): void;
  sessionCalibrationToggled(): void;
  thirdViewChosen(view: 'multimodal' | 'prompt'): void;
  promptWhitespaceToggled(): void;
  promptTokensToggled(): void;
  helpToggled(): void;
  splitMoved(id: SplitId, fraction: number): void;
  reset(): void;
}

export const initialUiState: UiState = {
  reveal: undefined,
  cursorOffset: 0,
  nativeFlavour: 'openai',
  maximized: undefined,
  collapsed: new Set(),
  showProblems: true,
  workspace: 'inspect',
  diff: { mode: 'versions', left: 'version:0', right: 'input' },
  notice: undefined,
  forgeFigures: false,
  sessionCalibrated: false,
  thirdView: undefined,
  promptWhitespace: false,
  promptTokens: true,
  helpOpen: false,
  splits: defaultSplits,
  opening: undefined,
};

export const useUiStore = create<UiState & UiActions>()((set) => ({
  ...initialUiState,
  sourceRequested: (range) => set((s) => ({ reveal: { range, nonce: (s.reveal?.nonce ?? 0) + 1 } })),
  cursorMoved: (cursorOffset) => set({ cursorOffset }),
  nativeFlavourChosen: (nativeFlavour) => set({ nativeFlavour }),
  viewMaximizeToggled: (view) => set((s) => ({ maximized: s.maximized === view ? undefined : view })),
  entryToggled: (index) =>
    set((s) => {
      const collapsed = new Set(s.collapsed);
      if (collapsed.has(index)) collapsed.delete(index);
      else collapsed.add(index);
      return { collapsed };
    }),
  allEntriesExpanded: () => set({ collapsed: new Set() }),
  allEntriesCollapsed: (indexes) => set({ collapsed: new Set(indexes) }),
  problemsToggled: () => set((s) => ({ showProblems: !s.showProblems })),
  workspaceChosen: (workspace) => set({ workspace }),
  diffChanged: (diff) => set((s) => ({ diff: { ...s.diff, ...diff } })),
  noticeShown: (notice) => set({ notice }),
  openingProgressed: (opening) => set({ opening }),
  forgeFiguresToggled: () => set((s) => ({ forgeFigures: !s.forgeFigures })),
  sessionCalibrationToggled: () => set((s) => ({ sessionCalibrated: !s.sessionCalibrated })),
  thirdViewChosen: (thirdView) => set({ thirdView }),
  promptWhitespaceToggled: () => set((s) => ({ promptWhitespace: !s.promptWhitespace })),
  promptTokensToggled: () => set((s) => ({ promptTokens: !s.promptTokens })),
  helpToggled: () => set((s) => ({ helpOpen: !s.helpOpen })),
  splitMoved: (id, fraction) => set((s) => ({ splits: { ...s.splits, [id]: fraction } })),
  reset: () => set(initialUiState),
}));
