import { describe, expect, it } from 'vitest';
import type { editor as MonacoEditor } from 'monaco-editor/editor/editor.api';
import { noteWhetherAscii } from './ascii-flag.ts';

interface Buffer {
  mightContainNonBasicASCII(): boolean;
}

/** Monaco's own piece-tree buffer, loaded from its file (the package exports only its API). */
async function bufferOf(text: string): Promise<Buffer> {
  const url = new URL(
    '../../../node_modules/monaco-editor/esm/vs/editor/common/model/pieceTreeTextBuffer/pieceTreeTextBufferBuilder.js',
    import.meta.url,
  ).href;
  const { PieceTreeTextBufferBuilder } = (await import(/* @vite-ignore */ url)) as {
    PieceTreeTextBufferBuilder: new () => {
      acceptChunk(chunk: string): void;
      finish(normalize: boolean): { create(eol: number): { textBuffer: Buffer } };
    };
  };
  const builder = new PieceTreeTextBufferBuilder();
  builder.acceptChunk(text);
  return builder.finish(true).create(1).textBuffer;
}

describe("Monaco's note that a text might hold non-ASCII", () => {
  it('is still the private field this app resets after a whole replacement', async () => {
    const buffer = await bufferOf('emoji 👩‍👩‍👧 from the sample');
    expect(buffer.mightContainNonBasicASCII()).toBe(true);
    const model = { _buffer: buffer } as unknown as MonacoEditor.ITextModel;
    expect(noteWhetherAscii(model, 'plain ASCII pasted over it')).toBe(true);
    expect(buffer.mightContainNonBasicASCII()).toBe(false);
    noteWhetherAscii(model, 'Café');
    expect(buffer.mightContainNonBasicASCII()).toBe(true);
  });

  it('is left alone where the field is not there', () => {
    expect(noteWhetherAscii({} as MonacoEditor.ITextModel, 'text')).toBe(false);
  });
});
