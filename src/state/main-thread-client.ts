/**
 * The worker's API on the page's own thread, where workers are unavailable (pipeline-client.ts):
 * the same calls, nothing cloned, every result whole.
 */
import type { PipelineClient } from './pipeline-client.ts';

/** Loaded only when needed, so the core stays out of the page's own bundle. */
export function createMainThreadClient(): PipelineClient {
  const api = Promise.all([
    import('../worker/api.ts'),
    import('../worker/vocabulary-assets.ts'),
    import('../core/tokens/vocabularies.ts'),
  ]).then(([module, assets, vocabularies]) => {
    vocabularies.setVocabularySource(assets.fetchVocabulary);
    return module.createPipelineApi();
  });
  return {
    run: async (request, _signal, onNative) => {
      // Nothing is cloned on this thread: the whole result every time.
      const response = await (await api).run({ ...request, delta: false }, onNative);
      return response.status === 'done' ? response : { status: 'superseded', id: request.id };
    },
    // Nothing crosses a boundary on this thread: the run takes its text as it is.
    sendAhead: () => undefined,
    // Counting ahead here would hold up the page's own thread in the middle of the paste.
    countAhead: () => undefined,
    render: async (request, targetId, normalised) => (await api).render(request, targetId, normalised),
    async compare(left, right) {
      const answer = await (await api).compare(left, right);
      if (answer.status !== 'done') throw new Error('a comparison named a text this thread does not hold');
      return answer.diff;
    },
    encodeShare: async (state, options) => (await api).encodeShare(state, options),
    scanSecrets: async (text) => (await api).scanSecrets(text),
    prettyPrint: async (text) => (await api).prettyPrint(text),
    messageView: async (request, index, whole, run) => (await api).messageView(request, index, whole, run),
    promptPieces: async (request, at, run) => (await api).promptPieces(request, at, run),
    consoleEntries: async (request, from, run, version) =>
      (await api).consoleEntries(request, from, run, version),
    openSessionFile: async (file, name, onProgress) => (await api).openSessionFile(file, name, onProgress),
    cancelOpen: async () => (await api).cancelOpen(),
    closeOpened: async () => (await api).closeOpened(),
    keepText: async (text, keeping) => void (await (await api).keepText({ text }, keeping)),
    restarts: () => 0,
  };
}
