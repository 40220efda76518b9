import { describe, expect, it } from 'vitest';
import { keepLongLines, keptLineLength } from './long-line-cache.ts';

/** A model as far as `keepLongLines` sees it: lines, a version that every edit moves, change listeners, and a count of lines read. */
function modelOf(lines: string[]) {
  let version = 1;
  const listeners: Array<() => void> = [];
  const model = {
    reads: 0,
    getLineContent(lineNumber: number): string {
      model.reads++;
      return lines[lineNumber - 1] ?? '';
    },
    getVersionId: () => version,
    onDidChangeContent(listener: () => void) {
      listeners.push(listener);
      return { dispose() {} };
    },
    /** Changes a line without telling the listeners yet. */
    edit(lineNumber: number, text: string) {
      lines[lineNumber - 1] = text;
      version++;
    },
    tell: () => listeners.forEach((listener) => listener()),
  };
  return model;
}

const long = 'é'.repeat(keptLineLength + 1);

describe('keeping the text of long lines between edits', () => {
  it('reads a long line once per version, however often other lines are read between', () => {
    const model = modelOf(['{', long, '}']);
    keepLongLines(model);
    for (let i = 0; i < 5; i++) {
      expect(model.getLineContent(1)).toBe('{');
      expect(model.getLineContent(2)).toBe(long);
      expect(model.getLineContent(3)).toBe('}');
    }
    // Short lines are read each time (10); the long one once.
    expect(model.reads).toBe(11);
  });

  it('gives the new text after every edit, even to a reader told of the edit before it is', () => {
    const model = modelOf(['{', long, '}']);
    keepLongLines(model);
    model.getLineContent(2);
    model.edit(2, `${long}x`);
    expect(model.getLineContent(2)).toBe(`${long}x`);
    model.tell();
    model.edit(2, `x${long}`);
    model.tell();
    expect(model.getLineContent(2)).toBe(`x${long}`);
    model.edit(2, 'short now');
    model.tell();
    expect(model.getLineContent(2)).toBe('short now');
  });

  it('keeps what was read at the new version when it is told of the edit afterwards', () => {
    const model = modelOf(['{', long, '}']);
    keepLongLines(model);
    model.edit(2, `${long}y`);
    expect(model.getLineContent(2)).toBe(`${long}y`);
    const reads = model.reads;
    model.tell();
    expect(model.getLineContent(2)).toBe(`${long}y`);
    expect(model.reads).toBe(reads);
  });

  it('wraps a model once', () => {
    const model = modelOf([long]);
    keepLongLines(model);
    const wrapped = model.getLineContent;
    keepLongLines(model);
    expect(model.getLineContent).toBe(wrapped);
  });
});
