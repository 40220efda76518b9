import { describe, expect, it } from 'vitest';
import {
  holdsNotedText,
  keepLongLines,
  keptLineLength,
  noteWholeText,
  wholeTextNotable,
} from './long-line-cache.ts';

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
    /** Line lengths asked for: what reading a line out of a noted text asks first. */
    lengthReads: 0,
    getLineLength(lineNumber: number): number {
      model.lengthReads++;
      return (lines[lineNumber - 1] ?? '').length;
    },
    getOffsetAt: ({ lineNumber, column }: { lineNumber: number; column: number }) =>
      lines.slice(0, lineNumber - 1).reduce((sum, line) => sum + line.length + 1, 0) + column - 1,
    getValueLength: () => lines.join('\n').length,
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

  it('slices a long line out of a noted whole text, reading nothing, until the model changes', () => {
    const lines = ['{', long, '}'];
    const model = modelOf([...lines]);
    keepLongLines(model);
    const whole = lines.join('\n');
    noteWholeText(model, whole);
    expect(model.getLineContent(2)).toBe(long);
    expect(model.getLineContent(1)).toBe('{');
    // The short lines are read from the model as ever; the long one not at all.
    expect(model.reads).toBe(1);
    model.edit(2, `${long}z`);
    model.tell();
    expect(model.getLineContent(2)).toBe(`${long}z`);
    expect(model.reads).toBe(2);
  });

  it('slices from a text noted before the model was kept', () => {
    const lines = ['{', long, '}'];
    const model = modelOf([...lines]);
    noteWholeText(model, lines.join('\n'));
    keepLongLines(model);
    expect(model.getLineContent(2)).toBe(long);
    expect(model.reads).toBe(0);
  });

  it('slices from a text noted after the line was read at its version', () => {
    const model = modelOf(['{', long, '}']);
    keepLongLines(model);
    model.edit(2, `${long}!`);
    const joined = model.getLineContent(2);
    expect(model.reads).toBe(1);
    noteWholeText(model, `{\n${long}!\n}`);
    expect(model.lengthReads).toBe(0);
    // Read out of the noted text (which asks the line's length), not the line kept before.
    expect(model.getLineContent(2)).toBe(joined);
    expect(model.lengthReads).toBe(1);
    expect(model.reads).toBe(1);
    // And kept from then on.
    model.getLineContent(2);
    expect([model.reads, model.lengthReads]).toEqual([1, 1]);
  });

  it('never slices from a noted text that is not as long as the model', () => {
    const model = modelOf(['{', long, '}']);
    keepLongLines(model);
    noteWholeText(model, `{\n${long}x\n}`);
    expect(model.getLineContent(2)).toBe(long);
    expect(model.reads).toBe(1);
  });
});

describe('whether a model holds a text by what was noted of it', () => {
  it('is so for the text noted at its version, until it changes', () => {
    const model = modelOf(['{', long, '}']);
    const whole = `{\n${long}\n}`;
    expect(holdsNotedText(model, whole)).toBe(false);
    noteWholeText(model, whole);
    expect(holdsNotedText(model, whole)).toBe(true);
    expect(holdsNotedText(model, `{\n${long}\n]`)).toBe(false);
    model.edit(3, ']');
    expect(holdsNotedText(model, whole)).toBe(false);
    expect(holdsNotedText(model, `{\n${long}\n]`)).toBe(false);
  });
});

describe('whether a text put into a model stays what it was', () => {
  it('is so only for a text without carriage returns in a model whose lines end in a line feed', () => {
    expect(wholeTextNotable({ getEOL: () => '\n' }, 'a\nb')).toBe(true);
    expect(wholeTextNotable({ getEOL: () => '\n' }, 'a\r\nb')).toBe(false);
    expect(wholeTextNotable({ getEOL: () => '\n' }, 'a\rb')).toBe(false);
    expect(wholeTextNotable({ getEOL: () => '\r\n' }, 'a\nb')).toBe(false);
  });
});
