/** A payload of megabytes in the payload view: held in Monaco's large-file mode, whole, and typed into. */
import { editMarker, openaiTranscript } from '../scripts/bench/transcript.ts';
import {
  cursorAfterEditMarker,
  expect,
  inputEditor,
  openApp,
  pasteInput,
  readClipboard,
  test,
} from './fixtures.ts';

/** 4,500 messages: a payload of 2.36 M characters, past the 2 M from which the view's model is a large file's. */
const transcript = openaiTranscript(4_500);

test("a payload of megabytes is held in Monaco's large-file mode: all of it, and typed into", async ({
  page,
}) => {
  expect(transcript.length).toBeGreaterThan(2_000_000);
  await openApp(page);
  const native = page.getByTestId('native-view');
  await pasteInput(page, transcript);
  await expect(page.getByTestId('status-messages')).toHaveText('4,500 messages');
  await expect(inputEditor(page)).not.toHaveAttribute('aria-busy', 'true');
  // Typed into after the marker in the middle message: the payload (the input's own text) takes the
  // keystrokes as edits at their places.
  await cursorAfterEditMarker(page);
  await page.keyboard.type(' Zq');
  const expected = transcript.replace(editMarker, `${editMarker} Zq`);
  await expect(native).toContainText(`${editMarker} Zq`);
  await expect(native.locator('.monaco-editor')).not.toHaveAttribute('aria-busy', 'true');
  await expect(native.getByTestId('payload-large')).toContainText('no colours or folding');
  // What the view's editor holds is the payload, character for character: Monaco's own copy of
  // it (its clipboard writes CRLF line ends here; the payload has none of its own).
  await native.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+C');
  const held = (await readClipboard(page)).replaceAll('\r\n', '\n');
  // Compared as a boolean: a failing comparison of megabytes would print them whole.
  expect(held.length).toBe(expected.length);
  expect(held === expected).toBe(true);
});

test('a payload of megabytes has no folding, and a small one after it folds again', async ({ page }) => {
  await openApp(page);
  const native = page.getByTestId('native-view');
  const folds = native.locator('.cldr[class*="codicon-folding"]');
  await native.locator('.margin').hover();
  await expect(folds.first()).toBeAttached();
  await pasteInput(page, transcript);
  await expect(page.getByTestId('status-messages')).toHaveText('4,500 messages');
  await expect(native.locator('.monaco-editor')).not.toHaveAttribute('aria-busy', 'true');
  await native.locator('.margin').hover();
  await expect(folds).toHaveCount(0);
  // A request of a few messages after it is in a model of its own again, folded by its indentation.
  await pasteInput(page, openaiTranscript(3));
  await expect(page.getByTestId('status-messages')).toHaveText('3 messages');
  await expect(native.getByTestId('payload-large')).toHaveCount(0);
  await native.locator('.margin').hover();
  await expect(folds.first()).toBeAttached();
});
