import Editor, { type OnMount } from '@monaco-editor/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { comparedEdit, typedEdit, typedFrom } from '../../core/input/text-edit.ts';
import { useColorScheme } from '../lib/use-color-scheme.ts';
import { keepLongLines } from './long-line-cache.ts';
import {
  colourBrackets,
  colouredBracketsBelow,
  hasLongLines,
  inputHasLongLines,
  largeText,
  largeTextOptions,
} from './long-lines.ts';
import { monaco } from './monaco-setup.ts';
import { beginViewWork } from '../lib/deferred-view-work.ts';
import { replaceInSlices, sliceLength } from './chunked-edit.ts';
import { useLineMode } from './line-mode.ts';
import { inLargeFileMode, modelForText } from './large-file-model.ts';

/** A new text longer than one slice goes into Monaco by slices (chunked-edit.ts). */
const slicedFrom = sliceLength;
/**
 * For a model not in large-file mode (a text under `largeFileFrom`; the figures here are from
 * before the 10,000-message payloads went into one in large-file mode).
 * Larger than the input's: a payload's lines are short, so a slice costs less to take in, and
 * each slice is rendered before the views count as updated (a 5 MB payload: ten tasks). A
 * megabyte a slice made tasks of 50–72 ms, taken while the worker counts (the payload comes
 * ahead of its result): half that, the pretty 10,000-message request's paste → views went from
 * 875–1,016 ms (median 938) to 839–980 (median 874) in six alternating pastes, with fewer tasks
 * over 50 ms.
 */
const readOnlySliceLength = 512 * 1024;
/**
 * The first slice has no pace to go by (chunked-edit.ts): 512 kB of the pretty 10,000-message
 * request's payload was a 69 ms step of a 116 ms task (traced); later ones took 8–40 ms.
 */
const readOnlyFirstSlice = readOnlySliceLength / 8;
/**
 * A model in large-file mode keeps no object per line for the view (large-file-model.ts): a
 * megabyte goes in in ~7 ms (the pretty 10,000-message payload, 5.3 MB, in 36–42, traced), so its
 * slices are paced from a megabyte up to eight.
 */
const largeFileSliceLength = 8 * 1024 * 1024;

/** Generated output shown with Monaco: folding, search, selection, no editing. */
export default function ReadOnlyCode({
  value,
  language,
  label,
  revealOffset,
}: {
  value: string;
  language: string;
  label: string;
  /** An offset to bring into view and mark (the selected message's start). */
  revealOffset?: number;
}) {
  const scheme = useColorScheme();
  const editorRef = useRef<Parameters<OnMount>[0] | null>(null);
  /** The text the model holds: a new value is applied as the one stretch that changed. */
  const shown = useRef<string | undefined>(value);
  const latest = useRef(value);
  const revealAt = useRef(revealOffset);
  /** Brings the offset to reveal into view, once the model holds the current value. */
  const reveal = useCallback(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    const offset = revealAt.current;
    if (!editor || !model || offset === undefined || shown.current !== latest.current) return;
    const position = model.getPositionAt(offset);
    editor.setPosition(position);
    editor.revealLineNearTop(position.lineNumber);
  }, []);
  // The input's own text (a payload that is it) has its answer kept as it is typed into.
  const longLines = useMemo(
    () => (typedFrom(value) ? inputHasLongLines(value) : hasLongLines(value)),
    [value],
  );
  const large = value.length >= largeText;
  const [mountLineMode, lineMode] = useLineMode(longLines);
  // Bracket colours go with the language's own: a payload shown as plain text for its size had
  // every bracket of its megabytes parsed as it went in (~160 ms of the page for a 5 MB payload
  // at 10,000 messages, profiled), to colour what is otherwise uncoloured.
  const uncoloured = longLines || language === 'plaintext' || value.length >= colouredBracketsBelow;
  useEffect(() => {
    latest.current = value;
    const model = editorRef.current?.getModel();
    if (!model || shown.current === value) return;
    // A payload that is the input's text is the keystroke typed (`typedEdit`); any other is
    // compared: a view's text is not a noted edit (the look-up would compare it with the input's).
    const edit =
      shown.current === undefined
        ? undefined
        : (typedEdit(shown.current, value) ?? comparedEdit(shown.current, value));
    // A keystroke in the input changes one stretch of a payload of megabytes: replacing the whole
    // model re-splits every line and re-tokenizes (~25 ms a keystroke at 5 MB, measured).
    if (edit && edit.inserted.length + edit.removed <= value.length / 2) {
      shown.current = value;
      model.applyEdits([
        {
          range: monaco.Range.fromPositions(
            model.getPositionAt(edit.start),
            model.getPositionAt(edit.start + edit.removed),
          ),
          text: edit.inserted,
        },
      ]);
      return;
    }
    const editor = editorRef.current as NonNullable<typeof editorRef.current>;
    const replace = () => {
      shown.current = value;
      reveal();
    };
    // A text of megabytes in a model in large-file mode, and a smaller one back in a model of its own.
    const target = modelForText(editor, value, (next) => {
      keepLongLines(next);
      colourBrackets(next, uncoloured);
    });
    if (!target) return;
    if (value.length < slicedFrom) {
      target.setValue(value);
      // From its start, as a text by slices is (`setValue` keeps the old text's scroll position).
      editor.revealPosition({ lineNumber: 1, column: 1 });
      return void replace();
    }
    // A new multi-megabyte text goes in by slices, in tasks of their own after this render.
    const endWork = beginViewWork();
    shown.current = undefined;
    const slicing = replaceInSlices(
      editor,
      target.getFullModelRange(),
      value,
      () => {
        replace();
        endWork();
      },
      inLargeFileMode(target)
        ? { undoable: false, length: largeFileSliceLength, firstLength: largeFileSliceLength / 8 }
        : { undoable: false, length: readOnlySliceLength, firstLength: readOnlyFirstSlice },
    );
    return () => {
      // Stopped part way, the model holds neither text: the next value replaces it whole.
      slicing.cancel();
      endWork();
    };
    // `uncoloured` changes only with `value` (its size, its lines, its language).
  }, [value, reveal, uncoloured]);
  useEffect(() => colourBrackets(editorRef.current?.getModel() ?? null, uncoloured), [uncoloured]);
  // One object while nothing in it changes: @monaco-editor/react hands every new one to Monaco's
  // updateOptions, which re-read the whole configuration (~8 ms a keystroke, profiled).
  const options = useMemo(
    () => ({
      readOnly: true,
      domReadOnly: true,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 12,
      scrollBeyondLastLine: false,
      ariaLabel: label,
      ...lineMode,
      ...largeTextOptions(large),
    }),
    [label, lineMode, large],
  );
  // A replacement by slices reveals when its last slice is in.
  useEffect(() => {
    revealAt.current = revealOffset;
    reveal();
  }, [revealOffset, value, reveal]);
  return (
    <Editor
      onMount={(editor) => {
        editorRef.current = editor;
        mountLineMode(editor);
        colourBrackets(editor.getModel(), uncoloured);
        // The value may have moved on while Monaco loaded.
        const model = editor.getModel();
        if (model) keepLongLines(model);
        if (model && model.getValue() !== latest.current) model.setValue(latest.current);
        shown.current = latest.current;
      }}
      defaultValue={value}
      language={language}
      theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
      loading={<p className="p-3 text-sm text-slate-500">Loading…</p>}
      options={options}
    />
  );
}
