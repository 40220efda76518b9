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
    /** Line lengths and offsets asked for: what finding a line in a noted text once asked. */
    lengthReads: 0,
    getLineLength(lineNumber: number): number {
      model.lengthReads++;
      return (lines[lineNumber - 1] ?? '').length;
    },
    offsetReads: 0,
    getOffsetAt({ lineNumber, column }: { lineNumber: number; column: number }): number {
      model.offsetReads++;
      return lines.slice(0, lineNumber - 1).reduce((sum, line) => sum + line.length + 1, 0) + column - 1;
    },
    valueLengthReads: 0,
    getValueLength(): number {
      model.valueLengthReads++;
      return lines.join('\n').length;
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
    // Read out of the noted text, not the line kept before, and kept from then on.
    expect(model.getLineContent(2)).toBe(joined);
    model.getLineContent(2);
    expect(model.reads).toBe(1);
  });

  it('finds every long line of a noted text by its number, and asks the model nothing else for the short ones', () => {
    const other = 'a'.repeat(keptLineLength + 5);
    const lines = [long, '', '  "x": 1,', 'b'.repeat(keptLineLength), other, '', other.slice(1)];
    const model = modelOf([...lines]);
    keepLongLines(model);
    noteWholeText(model, lines.join('\n'));
    const read = lines.map((_, index) => model.getLineContent(index + 1));
    expect(read).toEqual(lines);
    // The four short lines (one exactly as long as is kept) were read from the model; the three long ones sliced.
    expect(model.reads).toBe(4);
    // Folding reads every line after each change: a short line costs no look-up of its length or
    // offset, and the model is measured once (each walks its pieces).
    expect(model.lengthReads + model.offsetReads).toBe(0);
    expect(model.valueLengthReads).toBe(1);
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
