/** Markdown code fences around a paste, and the prose people write around them. */
import { diagnostic, type Diagnostic } from '../diagnostics.ts';

const fenceOpen = /^[ \t]*(```|~~~)[\w-]*[ \t]*$/;

/**
 * A markdown code fence around the payload, as chat tools and docs wrap it, with any prose
 * before it ("Here is the request:") and after it: everything outside the fence is blanked.
 */
export function blankCodeFence(text: string, diagnostics: Diagnostic[]): string {
  const fence = findOpeningFence(text);
  if (!fence) return text;
  const { lineStart, lineEnd, marker } = fence;
  const closeAt = findClosingFence(text, lineEnd, marker);
  const blank = (from: number, to: number) => text.slice(from, to).replace(/[^\r\n]/g, ' ');
  const cleaned =
    blank(0, lineEnd) +
    text.slice(lineEnd, closeAt ?? text.length) +
    (closeAt === undefined ? '' : blank(closeAt, text.length));
  const prose = text.slice(0, lineStart).trim() !== '';
  const after = closeAt !== undefined && text.slice(closeAt).replace(marker, '').trim() !== '';
  diagnostics.push(
    diagnostic(
      'input/code-fence',
      'info',
      closeAt === undefined
        ? 'A markdown code fence opens the text but never closes; the opening line was ignored.'
        : `A markdown code fence wraps the text; it was ignored${prose || after ? ', with the text outside it' : ''}.`,
      { start: prose ? 0 : lineStart, end: lineEnd },
    ),
  );
  return cleaned;
}

/** The first fence line: at the start, or after prose when what the fence holds is JSON-shaped. */
function findOpeningFence(text: string): { lineStart: number; lineEnd: number; marker: string } | undefined {
  let lineStart = 0;
  const startsAsJson = /^\s*[[{]/.test(text);
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    const open = fenceOpen.exec(line);
    if (open) {
      const leadingProse = text.slice(0, lineStart).trim() !== '';
      const holdsJson = /^\s*[[{]/.test(text.slice(lineEnd));
      if (!leadingProse || holdsJson) return { lineStart, lineEnd, marker: open[1] ?? '```' };
    }
    // Text that starts as JSON has no prose to skip; only its first line may be a fence.
    if (startsAsJson || newline === -1 || lineStart > 20_000) return undefined;
    lineStart = newline + 1;
  }
  return undefined;
}

function findClosingFence(text: string, from: number, marker: string): number | undefined {
  const pattern = new RegExp(`^[ \\t]*${marker.replace(/[`~]/g, '\\$&')}[ \\t]*\\r?$`, 'm');
  const match = pattern.exec(text.slice(from + 1));
  return match ? from + 1 + match.index : undefined;
}
