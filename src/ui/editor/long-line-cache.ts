/**
 * Monaco's text buffer remembers the text of one line, the last one asked for. A line of a
 * document is kept as pieces (the slices a paste went in by, what was typed), so each time it is
 * asked for again after another line it is joined from its pieces anew, and the first character
 * read from it copies it whole. Rendering asks for every visible line in turn, and the cursor for
 * its own: a 10 MB message among a request's other lines was joined and copied four times a
 * keystroke (20 MB each in multibyte text, ~6 ms each; an allocation profile of the page).
 *
 * Here the text of a long line is kept until the model changes, so it is joined and copied once
 * per edit. The model is asked through `getLineContent`, which is also how Monaco's own view,
 * tokens and cursor read it (an instance method in place of the prototype's).
 */
/** What is used of Monaco's `ITextModel`. */
interface LineSource {
  getLineContent(lineNumber: number): string;
  getVersionId(): number;
  onDidChangeContent(listener: () => void): unknown;
}

/** Shorter lines cost little to join again; only these are kept. */
export const keptLineLength = 100_000;

const keeping = new WeakSet<object>();

export function keepLongLines(model: LineSource): void {
  if (keeping.has(model)) return;
  keeping.add(model);
  const read = model.getLineContent.bind(model);
  const kept = new Map<number, string>();
  let version = model.getVersionId();
  model.getLineContent = (lineNumber: number): string => {
    // The version, not only the change event, decides: a listener may read before this one is told.
    const now = model.getVersionId();
    if (now !== version) {
      kept.clear();
      version = now;
    }
    const known = kept.get(lineNumber);
    if (known !== undefined) return known;
    const text = read(lineNumber);
    if (text.length > keptLineLength) kept.set(lineNumber, text);
    return text;
  };
  // Let go of the old text as soon as the model changes, not at the next read (what was kept
  // already at the new version, read by a listener told before this one, stays).
  model.onDidChangeContent(() => {
    if (model.getVersionId() !== version) kept.clear();
  });
}
