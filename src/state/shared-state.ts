/** The stores as a shared state (for links and share files), and back. Pure: no I/O. */
import type { FormatId } from '../core/formats/index.ts';
import { permalinkVersion, type SharedState } from '../core/share/permalink.ts';
import { useInputStore } from './input-store.ts';
import { useUiStore } from './ui-store.ts';

export function currentSharedState(): SharedState {
  const input = useInputStore.getState();
  const ui = useUiStore.getState();
  return {
    v: permalinkVersion,
    text: input.text,
    ...(input.formatOverride ? { format: input.formatOverride } : {}),
    ...(input.modelId ? { model: input.modelId } : {}),
    pruneLimit: input.pruneLimit,
    ...(input.record ? { record: input.record } : {}),
    ...(input.request !== undefined ? { request: input.request } : {}),
    ...(input.thread ? { thread: input.thread } : {}),
    prompt: input.prompt,
    view: {
      nativeFlavour: ui.nativeFlavour,
      ...(ui.maximized ? { maximized: ui.maximized } : {}),
      ...(ui.thirdView ? { third: ui.thirdView } : {}),
      workspace: ui.workspace,
      splits: ui.splits,
      ...(ui.showProblems ? {} : { problemsFolded: true }),
    },
    ...(ui.workspace === 'diff' ? { diff: ui.diff } : {}),
  };
}

/** Format ids without loading the codecs on the page: a shared state only needs a plausible name (the worker checks it). */
const looksLikeFormatId = (id: string) => /^[a-z][a-z0-9-]{1,40}$/.test(id);

export function applySharedState(state: SharedState): void {
  useInputStore.getState().workRestored({
    text: state.text,
    formatOverride: state.format && looksLikeFormatId(state.format) ? (state.format as FormatId) : undefined,
    modelId: state.model,
    ...(state.pruneLimit ? { pruneLimit: state.pruneLimit } : {}),
    record: state.record ?? 0,
    request: state.request,
    thread: state.thread,
    ...(state.prompt ? { prompt: state.prompt } : {}),
  });
  useUiStore.setState((ui) => ({
    nativeFlavour: state.view?.nativeFlavour ?? ui.nativeFlavour,
    maximized: state.view?.maximized,
    thirdView: state.view?.third,
    workspace: state.view?.workspace ?? 'inspect',
    splits: { ...ui.splits, ...state.view?.splits },
    showProblems: state.view?.problemsFolded === undefined ? ui.showProblems : !state.view.problemsFolded,
    diff: state.diff ?? ui.diff,
  }));
}
