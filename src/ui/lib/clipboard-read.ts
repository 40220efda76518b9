/**
 * A paste's text, with the browser's read of it from the clipboard measured: that read is one
 * task no page can split or shorten (a 10 MB multibyte text: ~550 ms in Chromium), so the bench
 * judges the paste event's task by what the app adds to it, measured in the same task.
 */

/** The user-timing measure each paste's read leaves (the last paste's only). */
export const clipboardReadMeasure = 'context-lens:clipboard-read';

export function readPastedText(data: DataTransfer | null): string {
  const start = performance.now();
  const text = data?.getData('text/plain') ?? '';
  performance.clearMeasures(clipboardReadMeasure);
  performance.measure(clipboardReadMeasure, { start });
  return text;
}
