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
 *
 * Where the app knows the model's whole text at its current version (`noteWholeText`: a text
 * going in by slices knows what each slice makes), a long line is a slice of that text instead,
 * which copies nothing. A 10 MB one-line paste goes in by 40 slices, and each render of the
 * growing line joined and copied it again: the page allocated 335–399 MB during a paste of 10 MB
 * of multibyte text, 47–48 MB with the slices (allocation profiles).
 */
/** What is used of Monaco's `ITextModel`. */
interface LineSource {
  getLineContent(lineNumber: number): string;
  getValueLength(): number;
  getVersionId(): number;
  onDidChangeContent(listener: () => void): unknown;
}

/** Shorter lines cost little to join again; only these are kept. */
export const keptLineLength = 100_000;

const keeping = new WeakSet<object>();

/** A model's whole text at one version, as the app noted it; where its long lines are, once asked. */
interface NotedText {
  version: number;
  text: string;
  /** Whether it is as long as the model at its version, once asked. */
  fits?: boolean;
  longLines?: ReadonlyMap<number, { start: number; end: number }>;
}

const wholeTexts = new WeakMap<object, NotedText>();

/**
 * Notes that `model` holds exactly `text` now: until its next change, its long lines are read
 * from `text`. The caller must know it character for character; Monaco makes every line end
 * the model's own, so a text with a carriage return, or a model whose lines end in one, is
 * never noted (`wholeTextNotable`).
 */
export function noteWholeText(model: LineSource, text: string): void {
  wholeTexts.set(model, { version: model.getVersionId(), text });
  const state = states.get(model);
  if (state) state.noted = true;
}

/**
 * Whether a model's whole text may be noted, so a read must look: every line of a document is
 * read through here after each edit (folding's indentation ranges read all ~150,000 lines of a
 * 10,000-message payload), and the look-up was a third of that reading (CPU profile).
 */
const states = new WeakMap<object, { noted: boolean }>();

/** Whether `model` holds `text` by what was noted of it: `text` noted at its current version. */
export function holdsNotedText(model: LineSource, text: string): boolean {
  const whole = wholeTexts.get(model);
  return (
    whole?.version === model.getVersionId() &&
    whole.text.length === model.getValueLength() &&
    whole.text === text
  );
}

/** Whether text put into `model` stays character for character what it was (no line end rewritten). */
export function wholeTextNotable(model: { getEOL(): string }, text: string): boolean {
  return model.getEOL() === '\n' && !text.includes('\r');
}

export function keepLongLines(model: LineSource): void {
  if (keeping.has(model)) return;
  keeping.add(model);
  const read = model.getLineContent.bind(model);
  const kept = new Map<number, string>();
  let version = model.getVersionId();
  let used: object | undefined;
  const state = { noted: wholeTexts.has(model) };
  states.set(model, state);
  model.getLineContent = (lineNumber: number): string => {
    // The version, not only the change event, decides: a listener may read before this one is told.
    const now = model.getVersionId();
    if (now !== version) {
      kept.clear();
      version = now;
    }
    // Noted after the edit that made it, when a listener told of the edit may have read the line
    // already: joined from its pieces, to be copied whole by the first regex run over it.
    const whole = state.noted ? wholeTexts.get(model) : undefined;
    if (whole !== undefined && whole !== used && whole.version === now) {
      kept.clear();
      used = whole;
    }
    const known = kept.size > 0 ? kept.get(lineNumber) : undefined;
    if (known !== undefined) return known;
    const text = fromWholeText(model, lineNumber, now, whole) ?? read(lineNumber);
    if (text.length > keptLineLength) kept.set(lineNumber, text);
    return text;
  };
  // Let go of the old text as soon as the model changes, not at the next read (what was kept
  // already at the new version, read by a listener told before this one, stays).
  model.onDidChangeContent(() => {
    if (model.getVersionId() !== version) kept.clear();
    // A noted text is of no more use after the next change, and may be megabytes.
    if (wholeTexts.get(model)?.version !== model.getVersionId()) {
      wholeTexts.delete(model);
      state.noted = false;
    }
  });
}

/** A long line as a slice of the model's noted whole text, when it is noted for this version. */
function fromWholeText(
  model: LineSource,
  lineNumber: number,
  version: number,
  whole: NotedText | undefined,
): string | undefined {
  if (!whole || whole.version !== version) return undefined;
  // Its length too: a text noted wrongly would otherwise show other characters than the model holds.
  // Asked once per noted text: the model measures itself by walking its pieces, and asked for
  // each line folding read, that was half of folding's ~100 ms task after a paste (CPU profile).
  whole.fits ??= whole.text.length === model.getValueLength();
  if (!whole.fits) return undefined;
  const line = longLinesOf(whole).get(lineNumber);
  return line && whole.text.slice(line.start, line.end);
}

/**
 * Where the long lines of a noted text are, found once per text (~0.5 ms for a 10,000-message
 * payload), where the model was asked for the length and offset of every line read: folding reads
 * all ~50,000 lines of that payload after each change. A noted text has no carriage return, so its
 * lines are the model's.
 */
function longLinesOf(whole: NotedText): ReadonlyMap<number, { start: number; end: number }> {
  if (whole.longLines) return whole.longLines;
  const found = new Map<number, { start: number; end: number }>();
  const { text } = whole;
  let lineNumber = 1;
  let start = 0;
  for (;;) {
    const next = text.indexOf('\n', start);
    const end = next === -1 ? text.length : next;
    if (end - start > keptLineLength) found.set(lineNumber, { start, end });
    if (next === -1) break;
    start = next + 1;
    lineNumber++;
  }
  whole.longLines = found;
  return found;
}
