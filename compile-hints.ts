/**
 * V8's explicit compile hint (Chrome 136 and later): a script whose first line is this comment
 * has all its functions compiled when it loads, on a background thread where the browser streams
 * it, instead of each one on the thread that first calls it. Other engines read a comment.
 *
 * A large paste runs code the sample never did: Monaco's edits and options for long lines, the
 * app's paste and result paths, the worker's stages for long texts. Compiled lazily, that was
 * ~9 ms of the page's thread and 3–6 ms of the worker's inside a 1 MB paste's first ~85 ms
 * (traced; with the hint 1.4–3 ms and 0.2 ms), and the paste's views came 5–7 ms sooner:
 * medians 78 and 79 against 83 and 86 ms, two series of 24 fresh pastes, builds alternating.
 * What it costs: the page's heap after load 20.6 against 16.1 MB (after a collection); load to
 * the sample's views 942 against 983 ms (six loads each, so no slower).
 *
 * Only the chunks that every page loads and a paste runs: hinting Monaco's JSON mode, the
 * editors' own chunks and the tokenizer's core as well left nothing compiled in the paste's
 * window but came out slower (84 against 79 ms, same series).
 */
import type { Plugin } from 'vite';

export const compileHint = '//# allFunctionsCalledOnLoad';

/** Chunks of the page's build, by name: the app's entry and Monaco's editor. */
export const hintedPageChunks: readonly string[] = ['index', 'monaco-setup'];

/** Chunks of the worker's build: its entry (the pipeline). */
export const hintedWorkerChunks: readonly string[] = ['pipeline.worker'];

/**
 * Puts the hint on the first line of the `names` chunks, with their source maps one line down.
 * Last of the bundle's hooks: Vite writes its preload helper at the top of a chunk when the
 * bundle is generated (rolldown's `postBanner` was lost under it), and the hint must come first.
 */
export function compileHints(names: readonly string[]): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !names.includes(chunk.name)) continue;
          chunk.code = `${compileHint}\n${chunk.code}`;
          // A ';' in a source map's mappings starts the next generated line.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const written = bundle[`${chunk.fileName}.map`];
          if (written?.type === 'asset' && typeof written.source === 'string') {
            const map = JSON.parse(written.source) as { mappings: string };
            written.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
          }
        }
      },
    },
  };
}
