/** Clipboard and downloads: the only ways output leaves the page, and only when the user asks. */
import { compactText } from '../../core/input/compact-text.ts';

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function downloadText(filename: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Files a user may drop or open: text formats up to 64 MB. */
export const acceptedFileTypes = '.json,.jsonl,.ndjson,.txt,.log,.md,application/json,text/plain';
export const maxFileBytes = 64 * 1024 * 1024;
/** From this size a session file is read in the worker as a stream, not put in the editor. */
export const streamedFileBytes = 8 * 1024 * 1024;

export async function readTextFile(file: File): Promise<{ text: string } | { error: string }> {
  if (file.size > maxFileBytes)
    return { error: `${file.name} is ${(file.size / 1e6).toFixed(0)} MB; the limit is 64 MB.` };
  const text = await file.text();
  // A NUL in the first bytes: a binary file, not a transcript.
  if (text.slice(0, 8000).includes('\u0000')) return { error: `${file.name} is not a text file.` };
  // `File.text()` gives two bytes a character, ASCII or not (compact-text.ts).
  return { text: compactText(text) };
}
