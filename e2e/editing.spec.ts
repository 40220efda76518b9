/** Working in the editor: lints jump, the format can be overridden, samples and files open, nothing is lost. */
import type { Page } from '@playwright/test';
import { openaiTranscript } from '../scripts/bench/transcript.ts';
import {
  detectedFormat,
  expect,
  fixture,
  inputEditor,
  openApp,
  pasteInput,
  scrollPayloadDown,
  test,
} from './fixtures.ts';

test.beforeEach(async ({ page }) => openApp(page));

test('a first visit opens with a sample, every view working', async ({ page }) => {
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'aya-context');
  for (const id of ['console-view', 'native-view', 'multimodal-view', 'token-view'])
    await expect(page.getByTestId(id)).toBeVisible();
  await expect(page.getByTestId('status-tokens')).toContainText('tokens');
});

test('a lint jumps to its position, and the editor cursor highlights the entry', async ({ page }) => {
  await pasteInput(page, fixture('aya-context/fixtures/broken-requirements.json'));
  const problem = page.getByTestId('problem').filter({ hasText: 'aya/timestamp' });
  await expect(problem).toContainText('12:18');
  await problem.click();
  await expect(inputEditor(page).locator('.active-line-number')).toHaveText('12');
  await expect(page.locator('[data-testid="console-entry"][data-active]')).toContainText(
    '👤 User <@1234546> [Turn 0]',
  );
});

test('a new paste shows its payload from the start, wherever the old one was scrolled', async ({ page }) => {
  await scrollPayloadDown(page);
  await pasteInput(page, openaiTranscript(20));
  await expect(page.getByTestId('status-messages')).toHaveText('20 messages');
  const native = page.getByTestId('native-view');
  await expect(native.locator('.current-line').first()).toBeVisible();
  await expect(native.locator('.line-numbers').first()).toHaveText('1');
});

test('clicking a console entry selects its source', async ({ page }) => {
  await page.getByTestId('console-entry').nth(2).getByTitle('Select this message in the editor').click();
  await expect(inputEditor(page).locator('.active-line-number')).toHaveText('29');
});

test('the format picker overrides detection', async ({ page }) => {
  await pasteInput(page, '[{"role": "user", "content": "Hello"}]');
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'openai-chat');
  await expect(detectedFormat(page)).toHaveAttribute('title', /runner-up: .* \(0\./);
  await page.getByLabel('Read as format (Alt+F)').selectOption('forge-messages');
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'forge-messages');
  await expect(detectedFormat(page)).toContainText('chosen');
});

test('each sample opens as its format', async ({ page }) => {
  const menu = page.getByLabel('Open a sample (Alt+S)');
  const values = await menu
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  const expected: Record<string, string> = {
    'aya-seed': 'aya-context',
    'openai-tools': 'openai-chat',
    'openai-stream': 'openai-chat',
    'responses-request': 'openai-responses',
    'anthropic-cached': 'anthropic-messages',
    'anthropic-stream': 'anthropic-messages',
    'gemini-request': 'gemini',
    'bedrock-request': 'bedrock-converse',
    'dataset-sharegpt': 'chat-dataset',
    'claude-code-session': 'claude-code-session',
    'codex-session': 'codex-rollout',
    'otel-span': 'otel-genai',
    'ei-prompt': 'ei-transcript',
    'forge-flow': 'forge-messages',
    'suna-rows': 'suna-rows',
    'tzurot-media': 'tzurot-request',
  };
  expect(values.sort()).toEqual(Object.keys(expected).sort());
  for (const value of values) {
    await menu.selectOption(value);
    await expect(detectedFormat(page)).toHaveAttribute('data-format', expected[value] ?? '?');
  }
});

test('a dropped file is read', async ({ page }) => {
  const jsonl = fixture('openai-chat/fixtures/broken-tool-calls.jsonl');
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'thread.jsonl', { type: 'application/jsonl' }));
    return transfer;
  }, jsonl);
  await page.getByTestId('editor-pane').dispatchEvent('drop', { dataTransfer });
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'openai-chat');
  await expect(page.getByTestId('problem').filter({ hasText: 'tools/arguments-not-string' })).toBeVisible();
});

test('an opened file is read', async ({ page }) => {
  await page.getByTestId('file-input').setInputFiles({
    name: 'ei.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(fixture('ei-transcript/fixtures/heartbeat-continuation.txt')),
  });
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'ei-transcript');
  await expect(page.getByTestId('problem').filter({ hasText: 'ei/heartbeat' })).toBeVisible();
});

/** Puts the cursor just after the first `text` in the input editor, by Monaco's find widget. */
async function cursorAfter(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+F');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowRight');
}

for (const [name, eol] of [
  ['line feeds', '\n'],
  ['carriage returns', '\r\n'],
] as const) {
  test(`what is typed reaches the views and the autosave exactly as the editor holds it (${name})`, async ({
    page,
  }) => {
    // The page builds the text from the editor's change events instead of reading it out on every
    // keystroke: typing, deleting, undo and redo must leave both the same.
    await pasteInput(
      page,
      ['[', '  {"role": "user", "content": "Hello"},', '  {"role": "assistant", "content": "Hi"}', ']'].join(
        eol,
      ),
    );
    await expect(page.getByTestId('console-entry').nth(1)).toContainText('Hi');
    await cursorAfter(page, 'Hello');
    await page.keyboard.type(' there, friend');
    for (let i = 0; i < 8; i++) await page.keyboard.press('Backspace');
    await cursorAfter(page, '"Hi');
    await page.keyboard.type('!?');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('ControlOrMeta+Z');
    await page.keyboard.press('ControlOrMeta+Shift+Z');
    const entries = page.getByTestId('console-entry');
    await expect(entries.nth(0)).toContainText('Hello there');
    await expect(entries.nth(0)).not.toContainText('friend');
    await expect(entries.nth(1)).toContainText('Hi!');
    await expect(page.getByTestId('problem')).toHaveCount(0);
    await page.waitForTimeout(1_200); // the autosave
    await page.reload();
    const lines = inputEditor(page).locator('.view-lines');
    await expect(lines).toContainText('"content": "Hello there"},');
    await expect(lines).toContainText('"content": "Hi!"}');
    await expect(page.getByTestId('console-entry').nth(1)).toContainText('Hi!');
  });
}

test('a bad paste shows its error at its position and keeps the text, across a reload', async ({ page }) => {
  const bad = "[{'role': 'user', 'content': 'hi'}]";
  await pasteInput(page, bad);
  await expect(page.getByTestId('problem').first()).toContainText('Python repr');
  await expect(page.getByTestId('problem').first()).toContainText('1:3');
  await expect(inputEditor(page).locator('.view-lines')).toContainText("'role'");
  await page.waitForTimeout(600); // the autosave debounce
  await page.reload();
  await expect(inputEditor(page).locator('.view-lines')).toContainText("[{'role': 'user', 'content': 'hi'}]");
});

test('dark mode follows the system setting', async ({ page }) => {
  const background = () =>
    page.locator('main').evaluate((el) => getComputedStyle(el.parentElement as HTMLElement).backgroundColor);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(inputEditor(page).and(page.locator('.vs'))).toBeVisible();
  const light = await background();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(inputEditor(page).and(page.locator('.vs-dark'))).toBeVisible();
  expect(await background()).not.toBe(light);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(background).toBe(light);
});

test('a view goes full width and back, by button and by shortcut', async ({ page }) => {
  await page
    .locator('section[data-view="tokens"]')
    .getByRole('button', { name: /Full width/ })
    .click();
  await expect(page.getByTestId('console-view')).toHaveCount(0);
  await expect(page.getByTestId('token-view')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('console-view')).toBeVisible();
  await page.keyboard.press('Alt+1');
  await expect(page.getByTestId('token-view')).toHaveCount(0);
  await page.keyboard.press('Alt+0');
  await expect(page.getByTestId('token-view')).toBeVisible();
});

test.describe('media', () => {
  test.use({ allowedOrigins: ['https://example.com'] });

  test('load only on a click, and only from http(s) or data URLs', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await pasteInput(
      page,
      JSON.stringify({
        messageContent: [
          { type: 'text', text: 'look' },
          { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } },
          { type: 'image_url', image_url: { url: 'javascript:alert(1)' } },
        ],
      }),
    );
    const cards = page.getByTestId('multimodal-element');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(1)).toHaveAttribute('data-type', 'image');
    await expect(cards.nth(2)).toContainText('will not be loaded');
    await expect(cards.nth(2).getByRole('button')).toHaveCount(0);
    expect(requests.filter((u) => u.includes('example.com'))).toEqual([]);
    await cards.nth(1).getByRole('button', { name: 'Load image' }).click();
    await expect(cards.nth(1).locator('img')).toHaveAttribute('src', 'https://example.com/cat.png');
  });
});

test('a narrow screen stacks the editor and the views', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await expect(page.getByTestId('console-view')).toBeVisible();
  const editor = await page.getByTestId('editor-pane').boundingBox();
  const views = await page.locator('section[data-view="console"]').boundingBox();
  expect(views?.y ?? 0).toBeGreaterThan((editor?.y ?? 0) + (editor?.height ?? 0) - 1);
});
