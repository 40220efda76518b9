/** Large input: a multi-megabyte paste goes in slices, every view follows, and one undo takes it back. */
import type { Locator, Page } from '@playwright/test';
import { editMarker, openaiTranscript } from '../scripts/bench/transcript.ts';
import {
  cursorAfterEditMarker,
  detectedFormat,
  expect,
  inputEditor,
  openApp,
  pasteInput,
  readClipboard,
  scrollPayloadDown,
  test,
} from './fixtures.ts';

test('a 2,000-message paste is read whole, and one undo restores what was there', async ({ page }) => {
  await openApp(page);
  await scrollPayloadDown(page);
  const native = page.getByTestId('native-view');
  // The sample's payload, scrolled, keeps the array it is inside in view.
  await expect(native.locator('.sticky-line-content')).toHaveCount(1);
  // Brackets are coloured in a text of the sample's size, and not in one of a megabyte: Monaco
  // parsed every bracket of each slice in the render after it (long-lines.ts).
  const colouredBrackets = (root: Locator) => root.locator('[class*="bracket-highlighting-"]');
  await expect(colouredBrackets(inputEditor(page)).first()).toBeVisible();
  await expect(colouredBrackets(native).first()).toBeVisible();
  // The bracket at the cursor is matched in a text of the sample's size, and not in one of a
  // megabyte: the first match parsed every bracket of it in one task (long-lines.ts).
  const matchedBrackets = inputEditor(page).locator('.bracket-match');
  await inputEditor(page).locator('.view-lines').click();
  // Before the sample's opening bracket.
  await page.keyboard.press('ControlOrMeta+Home');
  await expect(matchedBrackets.first()).toBeVisible();
  const transcript = openaiTranscript(2_000);
  expect(transcript.length).toBeGreaterThan(1_000_000);
  await pasteInput(page, transcript);
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'openai-chat');
  await expect(page.getByTestId('status-messages')).toHaveText('2,000 messages');
  await expect(inputEditor(page).locator('.view-lines')).toContainText('"role"');
  await expect(colouredBrackets(inputEditor(page))).toHaveCount(0);
  await expect(colouredBrackets(native)).toHaveCount(0);
  // Its last slice in, the cursor is after its closing brace.
  await expect(inputEditor(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(inputEditor(page).locator('.view-lines')).toContainText('}');
  await page.waitForTimeout(300);
  await expect(matchedBrackets).toHaveCount(0);
  await expect(page.getByTestId('console-entry').first()).toContainText('🧠 System');
  await expect(page.getByTestId('token-row').first()).toBeVisible();
  // The payload view took its megabyte in slices: its cursor is where its lines are shown, not
  // past the last slice (where each of its renders scanned 50,000 lines for an indent guide), and
  // not out of sight at the start while the view stayed where the sample's payload was scrolled.
  await expect(native.locator('.current-line').first()).toBeVisible();
  // A megabyte's payload has no sticky headers: their model of every line was built again after
  // each edit (long-lines.ts). Scrolled into its messages, none shows once the scroll has painted.
  await native.hover();
  await page.mouse.wheel(0, 4000);
  await expect(native.locator('.current-line')).toHaveCount(0);
  await page.waitForTimeout(600);
  await expect(native.locator('.sticky-widget')).toHaveCount(0);
  // Typing after the paste is an undo step of its own (undo-step-text.ts closes the paste's by a
  // mark): the first undo takes back the typing, leaving the paste's last lines in view.
  const lines = inputEditor(page).locator('.view-lines');
  await page.keyboard.type('typedAfter');
  await expect(lines).toContainText('}typedAfter');
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(lines).not.toContainText('typed');
  await expect(lines).toContainText('who ix out long them.');
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'aya-context');
  await expect(inputEditor(page).locator('.view-lines')).toContainText('"timestamp": "2025-04-04T12:33:00Z"');
  await expect(colouredBrackets(inputEditor(page)).first()).toBeVisible();
});

test('a minified request is offered a pretty-print: whitespace only, one undo takes it back', async ({
  page,
}) => {
  await openApp(page);
  const minified = JSON.stringify(JSON.parse(openaiTranscript(300)));
  expect(minified.includes('\n')).toBe(false);
  await pasteInput(page, minified);
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'openai-chat');
  const total = await page.getByTestId('token-total').textContent();
  const offer = page.getByTestId('minified-offer');
  await expect(offer).toContainText('minified');
  await offer.getByRole('button', { name: /Pretty-print/ }).click();
  await expect(offer).toHaveCount(0);
  // Laid out over lines, and read as the same request: the same count.
  // Formatted: '"role":"user"' became '"role": "user"' on a line of its own.
  await expect(inputEditor(page).locator('.view-lines')).toContainText(/"role":\s"(user|assistant|system)",/);
  await expect(page.getByTestId('token-total')).toHaveText(total ?? '');
  await inputEditor(page).locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(offer).toBeVisible();
});

test('a minified request pasted shows its one line from the start, its cursor there', async ({ page }) => {
  await openApp(page);
  const editor = inputEditor(page);
  const line = editor.locator('.view-line').first();
  // 300 messages go in with Monaco's own paste, 1,000 in slices (chunked-edit.ts).
  for (const messages of [300, 1_000]) {
    await pasteInput(page, JSON.stringify(JSON.parse(openaiTranscript(messages))));
    await expect(page.getByTestId('status-messages')).toHaveText(
      `${messages.toLocaleString('en-US')} messages`,
    );
    await expect(editor).not.toHaveAttribute('aria-busy', 'true');
    await expect(line).toContainText('{"model":"gpt-4o","messages":[{"role":"system"');
    const guard = await editor.locator('.overflow-guard').boundingBox();
    if (!guard) throw new Error('the input editor has no box');
    // Scrolled to the cut label after the drawn characters, the line started thousands of pixels
    // left of the editor; from its start, it starts right of the line numbers.
    await expect.poll(async () => (await line.boundingBox())?.x ?? -Infinity).toBeGreaterThan(guard.x);
    // The cursor is there too: typing goes in before the request's opening brace.
    await page.keyboard.type('x');
    await expect(line).toContainText('x{"model"');
    await page.keyboard.press('Backspace');
  }
});

test('a line of a few thousand characters is drawn whole, after a text with a long line too', async ({
  page,
}) => {
  await openApp(page);
  const request = (content: string) =>
    JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content }] }, null, 2);
  const native = page.getByTestId('native-view');
  // A line past 10,000 characters puts the payload's editor in long-line mode, which draws 200–1,000.
  await pasteInput(page, request('long line '.repeat(2_000)));
  await expect(native.locator('.view-line', { hasText: 'long line long line' })).toHaveCount(1);
  // A line of 5,000 is drawn whole by Monaco's own rule (10,000): so it is after that text too.
  await pasteInput(page, request(`${'a few thousand '.repeat(333)}END-OF-MESSAGE`));
  await expect(native.locator('.view-line', { hasText: 'a few thousand' })).toHaveCount(1);
  await expect(native.locator('.view-line', { hasText: 'END-OF-MESSAGE' })).toHaveCount(1);
});

test('one message of a megabyte of multibyte text: every view shows a page of it, the rest a click away', async ({
  page,
}) => {
  await openApp(page);
  let body = '';
  while (body.length < 1_000_000) body += 'Cafe\u0301 中文字符 👩\u200d👩\u200d👧 ok ';
  await pasteInput(
    page,
    JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: body }] }, null, 2),
  );
  await expect(page.getByTestId('status-messages')).toHaveText('1 message', { timeout: 30_000 });
  // The editor took the paste in slices and read its long line out of the pasted text each time
  // (long-line-cache.ts): what it shows of the line is the line, from its first character.
  await expect(inputEditor(page)).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
  // Pretty-printed already: its long line is one string, and nothing calls it minified.
  await expect(page.getByTestId('minified-offer')).toHaveCount(0);
  const line = inputEditor(page).locator('.view-line', { hasText: 'content' }).first();
  const shown = await line.textContent();
  expect(shown?.replace(/\u00a0/g, ' ').startsWith(`      "content": "${body.slice(0, 12)}`)).toBe(true);
  // Monaco draws a long line's first characters, three widths of the editor of them (200–1,000,
  // long-lines.ts `drawnLineLength`); the app says how many follow (drawn-line-cut.ts).
  // The line is `      "content": "…"`, the body between quotes after six spaces of indent.
  const lineLength = 6 + '"content": "'.length + body.length + 1;
  await expect(line.locator('.cl-line-cut')).toHaveCount(1);
  const label = await line
    .locator('.cl-line-cut')
    .evaluate((span) => getComputedStyle(span, '::after').content);
  const following = Number(
    /^"… and ([\d,]+) more characters on this line"$/.exec(label)?.[1]?.replace(/,/g, ''),
  );
  const drawn = lineLength - following;
  expect(drawn % 100).toBe(0);
  expect(drawn).toBeGreaterThanOrEqual(200);
  expect(drawn).toBeLessThanOrEqual(1_000);
  // Room to scroll along the line, what is drawn of it wider than the editor twice over; and no
  // more than a few widths, as each character drawn is laid out (1,000 were, in any editor).
  const [drawnWidth, editorWidth] = await line.evaluate((element) => [
    element.scrollWidth,
    element.closest('.monaco-editor')?.getBoundingClientRect().width ?? 0,
  ]);
  expect(drawnWidth).toBeGreaterThan(2 * editorWidth);
  expect(drawnWidth).toBeLessThan(5 * editorWidth);
  await expect(line.locator('.mtkoverflow')).toBeHidden();
  const more = page.getByTestId('console-view').getByTestId('show-more-text').first();
  await expect(more).toContainText('more characters');
  await more.click();
  await expect(page.getByTestId('console-view').getByTestId('show-more-text').first()).toContainText(
    'more characters',
  );
  // The payload view shows the long string cut; Copy gives it whole, from the worker.
  const native = page.getByTestId('native-view');
  await expect(native.getByTestId('payload-shortened')).toContainText('1 long string is cut');
  await native.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(native.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = JSON.parse(await readClipboard(page)) as { messages: Array<{ content: string }> };
  // Compared as a boolean: a failing comparison of a megabyte would print it whole.
  expect(copied.messages[0]?.content.length).toBe(body.length);
  expect(copied.messages[0]?.content === body).toBe(true);
  // The keyboard's copy (Alt+C, listed in the shortcuts) gives the same whole payload.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByTestId('status-messages').click();
  await page.keyboard.press('Alt+C');
  await expect.poll(async () => (await readClipboard(page)).length).toBeGreaterThan(body.length);
  const keyed = JSON.parse(await readClipboard(page)) as { messages: Array<{ content: string }> };
  expect(keyed.messages[0]?.content === body).toBe(true);
});

test('a long message shows what fills its view: the rest is past the bottom, and a wider view shows more', async ({
  page,
}) => {
  await openApp(page);
  const timeline = page.getByTestId('console-view');
  const more = timeline.getByTestId('show-more-text').first();
  /** Characters of the message the console shows before its "show more", and whether that is in sight. */
  const shownOf = async (length: number) => {
    await expect(more).toBeAttached();
    const label = (await more.textContent()) ?? '';
    const rest = Number(/… ([\d,]+) more characters/.exec(label)?.[1]?.replace(/,/g, ''));
    const [end, bottom] = await more.evaluate((button) => [
      button.getBoundingClientRect().top,
      button.closest('[data-view]')?.getBoundingClientRect().bottom ?? 0,
    ]);
    return { shown: length - rest, inSight: end < bottom };
  };
  const pasteMessage = async (content: string) => {
    await pasteInput(
      page,
      JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content }] }, null, 2),
    );
    await expect(page.getByTestId('status-messages')).toHaveText('1 message', { timeout: 30_000 });
  };
  const prose = 'The quick brown fox jumps over the lazy dog. '.repeat(4_000);
  await pasteMessage(prose);
  // A quarter of 1280×800 shows ~750 characters of it (measured): laid out are enough that "show
  // more" is below what is in sight, and fewer than the 1,500 laid out before in a view of any size.
  const quarter = await shownOf(prose.length);
  expect(quarter.shown).toBeGreaterThan(750);
  expect(quarter.shown).toBeLessThanOrEqual(1_300);
  expect(quarter.inSight).toBe(false);
  await page
    .locator('[data-view="console"]')
    .getByRole('button', { name: /Full width/ })
    .click();
  await expect.poll(async () => (await shownOf(prose.length)).shown).toBeGreaterThan(quarter.shown * 2);
  expect((await shownOf(prose.length)).inSight).toBe(false);
  await page
    .locator('[data-view="console"]')
    .getByRole('button', { name: /Restore/ })
    .click();
  // Emoji joined from eight code units each: a count of characters fills far less of the view,
  // so the text grows, a frame after its paint, until its end is out of sight.
  const family = '\u{1F469}\u200d\u{1F469}\u200d\u{1F467}'.repeat(20_000);
  await pasteMessage(family);
  await expect.poll(async () => (await shownOf(family.length)).inSight).toBe(false);
  // What is not shown is one click away.
  const before = (await shownOf(family.length)).shown;
  await more.click();
  await expect.poll(async () => (await shownOf(family.length)).shown).toBeGreaterThan(before + 40_000);
});

test('typing into a megabyte of OpenAI read as OpenAI keeps its payload the text typed, character for character', async ({
  page,
}) => {
  await openApp(page);
  const transcript = openaiTranscript(2_000);
  await pasteInput(page, transcript);
  await expect(page.getByTestId('status-messages')).toHaveText('2,000 messages');
  await expect(inputEditor(page)).not.toHaveAttribute('aria-busy', 'true');
  // After the marker in the middle message, as the bench types: each keystroke's payload is the
  // input's own text on both sides (shorten.ts, result-delta.ts `typedBy`), rebuilt from the deltas.
  await cursorAfterEditMarker(page);
  for (const key of [' ', 'Z', 'q', 'x', 'Backspace', '9', 'é']) {
    if (key === 'Backspace') await page.keyboard.press(key);
    else await page.keyboard.type(key);
    await page.waitForTimeout(150);
  }
  const expected = transcript.replace(editMarker, `${editMarker} Zq9é`);
  const native = page.getByTestId('native-view');
  await expect(native).toContainText(`${editMarker} Zq9é`);
  await native.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(native.getByRole('button', { name: 'Copied' })).toBeVisible();
  // Compared as a boolean: a failing comparison of a megabyte would print it whole.
  const copied = await readClipboard(page);
  expect(copied.length).toBe(expected.length);
  expect(copied === expected).toBe(true);
});

test('typing into a megabyte is saved as the edit since its last whole save, and a reload brings it back', async ({
  page,
}) => {
  await openApp(page);
  await pasteInput(page, openaiTranscript(2_000));
  await expect(page.getByTestId('status-messages')).toHaveText('2,000 messages');
  await page.waitForTimeout(1_500); // the paste's own save, whole
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type('ZZZ');
  await page.waitForTimeout(1_500); // the autosave after typing
  const saved = await page.evaluate(
    () =>
      new Promise<{ whole: string; edit: unknown }>((resolve, reject) => {
        const open = indexedDB.open('context-lens');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('autosave').objectStore('autosave');
          const whole = store.get('input:v1');
          const edit = store.get('input:v1:edit');
          store.transaction.oncomplete = () =>
            resolve({ whole: (whole.result as { text: string }).text.slice(0, 20), edit: edit.result });
        };
      }),
  );
  expect(saved.whole.startsWith('ZZZ')).toBe(false);
  expect(saved.edit).toMatchObject({ edit: { start: 0, removed: 0, inserted: 'ZZZ' } });
  await page.reload();
  await expect(inputEditor(page).locator('.view-lines')).toContainText('ZZZ{');
});

test('past 2,000 problems: the list reaches the last, and the editor marks it where it is scrolled to', async ({
  page,
}) => {
  await openApp(page);
  // 4,400 messages, every other one with a role OpenAI does not have: 2,200 errors.
  const messages = Array.from({ length: 4_400 }, (_, i) => ({
    role: i % 2 ? 'robot' : 'user',
    content: `message ${i}`,
  }));
  await pasteInput(page, JSON.stringify({ model: 'gpt-4o', messages }, null, 2));
  await expect(page.getByRole('button', { name: /^▾ Problems \(2200, 2200 errors\)$/ })).toBeVisible();
  const problems = page.getByRole('list', { name: 'Problems' });
  // Message i's role is on line 5 + 4i, its value at column 15: the last robot (4,399) on 17,601.
  await problems.evaluate((list) => list.parentElement?.scrollTo({ top: list.scrollHeight }));
  const last = page.getByTestId('problem').filter({ hasText: '17601:15' });
  await expect(last).toContainText('openai/role');
  // Only the rows in view are in the page, not 2,200.
  expect(await page.getByTestId('problem').count()).toBeLessThan(60);
  await last.click();
  // The editor went there, and marks the error on it (the first 2,000 errors end at line 16,001).
  const editor = inputEditor(page);
  await expect(editor.locator('.line-numbers').filter({ hasText: /^17601$/ })).toBeVisible();
  await expect(editor.locator('.squiggly-error').first()).toBeVisible();
  // F8 from the last error goes round to the first (message 1's role, line 9), not to the first
  // of those marked around line 17,601; Shift+F8 comes back.
  await editor.locator('textarea').first().focus();
  await page.keyboard.press('F8');
  await expect(editor.locator('.active-line-number')).toHaveText('9');
  await expect(page.locator('.marker-widget')).toContainText('openai/role');
  await page.keyboard.press('Shift+F8');
  await expect(editor.locator('.active-line-number')).toHaveText('17601');
});

test('the console timeline reaches past the entries a result carries: where the cursor is, and the last', async ({
  page,
}) => {
  await openApp(page);
  await pasteNumbered(page, 1_000, 'message');
  // Message i's content is on line 6 + 4i: message 700's on 2,806. The timeline follows the cursor.
  await cursorToLine(page, 2_806);
  await expect(page.locator('[data-testid="console-entry"][data-active]')).toContainText('message 700');
  const timeline = page.getByTestId('console-view');
  await scrolledToEnd(timeline, 'message 999');
  expect(await timeline.getByTestId('console-entry').count()).toBeLessThan(40);
});

test('typing into a message past the entries a result carries keeps the timeline there filled', async ({
  page,
}) => {
  await openApp(page);
  await pasteNumbered(page, 1_000, 'message');
  // Into message 700's content (line 2,806), before its closing quote.
  await cursorToLine(page, 2_806);
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  const active = page.locator('[data-testid="console-entry"][data-active]');
  await expect(active).toContainText('message 700');
  await expect(page.getByTestId('console-entry-pending')).toHaveCount(0);
  // Every change to the page while typing: the entries in view stay, none turns into a placeholder.
  await page.evaluate(() => {
    const seen = window as unknown as { pending?: number };
    new MutationObserver(() => {
      seen.pending = Math.max(
        seen.pending ?? 0,
        document.querySelectorAll('[data-testid="console-entry-pending"]').length,
      );
    }).observe(document.body, { subtree: true, childList: true });
  });
  for (const typed of ['x', 'xy', 'xyz']) {
    await page.keyboard.type(typed.at(-1) ?? '');
    await expect(active).toContainText(`message 700${typed}`);
  }
  expect(await page.evaluate(() => (window as unknown as { pending?: number }).pending ?? 0)).toBe(0);
});

test('the timeline shows the entry at the cursor when entries are taller than it guessed', async ({
  page,
}) => {
  await openApp(page);
  // One to a dozen lines each in the timeline: its estimate of an entry's height is far short.
  const filler = 'A longer message, so that its entry in the timeline takes more lines. ';
  const messages = Array.from({ length: 1_000 }, (_, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    content: `message ${i}. ${filler.repeat(1 + ((i * 7) % 13))}${i === 500 ? 'FIND-ME' : ''}`,
  }));
  await pasteInput(page, JSON.stringify({ model: 'gpt-4o', messages }, null, 2));
  await expect(page.getByTestId('status-messages')).toHaveText('1,000 messages');
  await expect(page.locator('.monaco-editor[aria-busy="true"]')).toHaveCount(0);
  // The cursor goes there as a user finds a message: by a search in the input.
  await page.keyboard.press('ControlOrMeta+F');
  await page.keyboard.type('FIND-ME');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowRight');
  const active = page.locator('[data-testid="console-entry"][data-active]');
  await expect(active).toContainText('message 500.');
  await expect(active).toBeInViewport();
  await page.keyboard.type('xy');
  await expect(active).toContainText('FIND-MExy');
  await expect(active).toBeInViewport();
});

test("pasting another conversation never shows the last one's console entries past those a result carries", async ({
  page,
}) => {
  await openApp(page);
  await pasteNumbered(page, 1_000, 'alpha');
  const timeline = page.getByTestId('console-view');
  await scrolledToEnd(timeline, 'alpha 999');
  // Every change to the page from here on: once the new result shows, no entry may be the last one's.
  await page.evaluate(() => {
    const seen = window as unknown as { staleEntry?: string };
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="status-messages"]')?.textContent !== '1,001 messages') return;
      for (const entry of document.querySelectorAll('[data-testid="console-entry"]'))
        if (entry.textContent?.includes('alpha ')) seen.staleEntry ??= entry.textContent;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await pasteNumbered(page, 1_001, 'omega');
  await scrolledToEnd(timeline, 'omega 1000');
  expect(
    await page.evaluate(() => (window as unknown as { staleEntry?: string }).staleEntry),
  ).toBeUndefined();
});

/**
 * Scrolls the timeline to its end until its last entry shows `last`: entries are measured as they
 * are shown, so the end moves while the first scroll there lands.
 */
async function scrolledToEnd(timeline: Locator, last: string): Promise<void> {
  await expect(async () => {
    await timeline.evaluate((view) => view.scrollTo({ top: view.scrollHeight }));
    await expect(timeline.getByTestId('console-entry').last()).toContainText(last, { timeout: 1_000 });
  }).toPass();
}

/** Pastes a request of `count` messages whose contents are `word 0`, `word 1`…, pretty-printed, and waits for its result. */
async function pasteNumbered(page: Page, count: number, word: string): Promise<void> {
  const messages = Array.from({ length: count }, (_, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    content: `${word} ${i}`,
  }));
  await pasteInput(page, JSON.stringify({ model: 'gpt-4o', messages }, null, 2));
  await expect(page.getByTestId('status-messages')).toHaveText(`${count.toLocaleString('en-US')} messages`);
}

/** Puts the input editor's cursor at the start of `line` (Go to Line). */
async function cursorToLine(page: Page, line: number): Promise<void> {
  await inputEditor(page).locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+G');
  await page.keyboard.type(String(line));
  await page.keyboard.press('Enter');
}

test('another tab chosen the moment a large paste lands loses nothing of it, and throws nothing', async ({
  page,
}) => {
  await openApp(page);
  const transcript = openaiTranscript(2_000);
  await pasteInput(page, transcript);
  // At once: the paste is still being compacted, or its slices wait for the views, when the
  // input's editor goes (the Diff tab has none) and @monaco-editor/react disposes its model.
  await page.getByRole('tab', { name: 'Diff' }).click();
  await expect(page.getByTestId('status-messages')).toHaveText('2,000 messages');
  await page.getByRole('tab', { name: 'Inspect' }).click();
  const lines = inputEditor(page).locator('.view-lines');
  await expect(lines).toContainText('"role"');
  await expect(inputEditor(page)).not.toHaveAttribute('aria-busy', 'true');
  await lines.click();
  await page.keyboard.press('ControlOrMeta+End');
  await expect(lines).toContainText('who ix out long them.');
});

test("a large paste's long message is counted from the paste event on, with the model chosen", async ({
  page,
}) => {
  // Every call the page makes of the worker (comlink's messages), and whether it came in the
  // task that dispatched the paste event.
  await page.addInitScript(() => {
    const calls: Array<{ call: string; inPaste: boolean; args: unknown[] }> = [];
    (window as unknown as { __calls: typeof calls }).__calls = calls;
    let inPaste = false;
    window.addEventListener(
      'paste',
      () => {
        inPaste = true;
        setTimeout(() => (inPaste = false), 0);
      },
      { capture: true },
    );
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: never[]) {
      const m = message as {
        type?: string;
        path?: string[];
        argumentList?: Array<{ type?: string; value?: unknown }>;
      };
      // A raw argument's value; a proxied one (a callback) by its kind.
      const args = (m.argumentList ?? []).map((a) => (a.type === 'RAW' ? a.value : a.type));
      if (m?.type === 'APPLY') calls.push({ call: m.path?.join('.') ?? '', inPaste, args });
      return post.call(this, message, ...rest);
    } as Worker['postMessage'];
  });
  await openApp(page);
  await page.getByLabel('Model').selectOption('gpt-4.1');
  const body = 'The first words of a long message, and then many more of them. '.repeat(20_000);
  const pasted = JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: body }] });
  await pasteInput(page, pasted);
  await expect(page.getByTestId('status-messages')).toHaveText('1 message', { timeout: 30_000 });
  const calls = await page.evaluate(() =>
    (
      window as unknown as { __calls: Array<{ call: string; inPaste: boolean; args: unknown[] }> }
    ).__calls.map(({ call, inPaste, args }) => ({
      call,
      inPaste,
      // The text's length, not the text: a failing comparison would print a megabyte.
      args: args.map((a) => (typeof a === 'string' && a.length > 1000 ? a.length : a)),
    })),
  );
  const ahead = calls.findIndex((c) => c.call === 'countAhead');
  expect(calls[ahead]).toEqual({ call: 'countAhead', inPaste: true, args: [pasted.length, 'gpt-4.1'] });
  // Before the run for the paste, which came in a task of its own.
  const run = calls.findIndex((c, i) => i > ahead && c.call === 'run');
  expect(run).toBeGreaterThan(ahead);
  expect(calls[run]?.inPaste).toBe(false);
});
