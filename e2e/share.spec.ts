/** Permalinks and share files: the whole state travels; a hostile link loads nothing and keeps the work. */
import { deflateSync } from 'fflate';
import {
  detectedFormat,
  expect,
  fixture,
  inputEditor,
  openApp,
  pasteInput,
  readClipboard,
  test,
} from './fixtures.ts';

test('a copied permalink opens the same state in a fresh browser', async ({ page, browser, baseURL }) => {
  await openApp(page);
  await pasteInput(page, fixture('forge-messages/fixtures/seed-conversation-flow.json'));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'forge-messages');
  await page.getByLabel('Read as format (Alt+F)').selectOption('openai-chat');
  await page.getByRole('tab', { name: 'Anthropic Messages' }).click();
  await page.getByTestId('share').click();
  await expect(page.getByTestId('share-status')).toContainText('Link copied');
  const link = await readClipboard(page);
  expect(link.startsWith(`${baseURL}/#cl1.`)).toBe(true);
  expect(Number((await page.getByTestId('share-length').textContent())?.replace(/,/g, ''))).toBe(link.length);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await expect(other.getByTestId('detected-format')).toHaveAttribute('data-format', 'openai-chat');
  await expect(other.getByTestId('detected-format')).toContainText('chosen');
  await expect(other.getByRole('tab', { name: 'Anthropic Messages' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(other.getByTestId('editor-pane').locator('.view-lines')).toContainText(
    'You are a helpful math tutor',
  );
  await expect(other.getByTestId('notice')).toContainText('Opened a shared link');
  await fresh.close();
});

test('a reload right after an edit brings back the edit, not the older state in the address bar', async ({
  page,
}) => {
  await openApp(page);
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#cl1\./);
  await pasteInput(page, '[{"role": "user", "content": "the newest edit"}]');
  await page.waitForTimeout(500); // saved (400 ms), while the address bar (800 ms) still holds the sample
  await page.reload();
  await expect(inputEditor(page).locator('.view-lines')).toContainText('the newest edit');
});

test('the address bar lets go of a state too long to follow, keeping no older one', async ({ page }) => {
  await openApp(page);
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#cl1\./);
  // 60,000 characters that deflate cannot shrink much: a link of ~60 KB, past the 32 KB the
  // address bar follows (writing it there was a long task of the page after each pause in typing).
  let seed = 7;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  // xorshift32: characters with no pattern for deflate to find.
  const noise = Array.from({ length: 60_000 }, () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return alphabet[(seed >>> 0) % 64];
  }).join('');
  await pasteInput(page, JSON.stringify([{ role: 'user', content: noise }]));
  await expect(page.getByTestId('status-messages')).toHaveText('1 message');
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('');
});

test('the address bar follows edits without adding history entries', async ({ page }) => {
  await openApp(page);
  const before = await page.evaluate(() => history.length);
  await pasteInput(page, '[{"role": "user", "content": "first"}]');
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#cl1\./);
  const first = await page.evaluate(() => location.hash);
  await pasteInput(page, '[{"role": "user", "content": "second"}]');
  await expect.poll(() => page.evaluate(() => location.hash)).not.toBe(first);
  expect(await page.evaluate(() => history.length)).toBe(before);
});

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const hostile: Array<[string, string, RegExp]> = [
  ['garbage', '#cl1.%%%not-base64%%%', /not base64url/],
  ['a damaged version tag', '#clX.abc', /not a Context Lens link/],
  [
    'a truncated link',
    `#cl1.${b64url(deflateSync(new TextEncoder().encode(JSON.stringify({ v: 1, text: 'x'.repeat(3000) + 'tail' })))).slice(0, 20)}`,
    /cut short|damaged/,
  ],
  ['an old version', '#cl0.abcdef', /version 0/],
  [
    'a decompression bomb',
    `#cl1.${b64url(deflateSync(new Uint8Array(40 * 1024 * 1024), { level: 9 }))}`,
    /would expand past 32 MB/,
  ],
  [
    'wrong types',
    `#cl1.${b64url(deflateSync(new TextEncoder().encode(JSON.stringify({ v: 1, text: ['<img src=x onerror=alert(1)>'] }))))}`,
    /text/,
  ],
];

for (const [name, fragment, message] of hostile) {
  test(`a hostile link — ${name} — says so and keeps the saved work`, async ({ page }) => {
    await openApp(page);
    await pasteInput(page, '[{"role": "user", "content": "my precious work"}]');
    await expect(detectedFormat(page)).toHaveAttribute('data-format', 'openai-chat');
    await page.waitForTimeout(700); // the autosave debounce
    // A new page load, as when a link is opened (a hash change alone would not reload).
    await page.goto('about:blank');
    await page.goto(`/${fragment}`);
    await expect(page.getByTestId('notice')).toContainText(message);
    await expect(page.getByTestId('notice')).toContainText('Your saved work was opened instead');
    await expect(inputEditor(page).locator('.view-lines')).toContainText('my precious work');
    await page.reload();
    await expect(inputEditor(page).locator('.view-lines')).toContainText('my precious work');
  });
}

test('a share file restores the same state', async ({ page }) => {
  await openApp(page);
  await pasteInput(page, fixture('ei-transcript/fixtures/seed-blob.txt'));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'ei-transcript');
  await page.keyboard.press('Alt+4');
  await page.getByTestId('share').click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download share file' }).click();
  const file = await (await download).path();
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByLabel('Open a sample (Alt+S)').selectOption('aya-seed');
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'aya-context');
  await page.keyboard.press('Alt+0');
  await page.getByTestId('file-input').setInputFiles(file);
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'ei-transcript');
  await expect(page.getByTestId('token-view')).toBeVisible();
  await expect(page.getByTestId('console-view')).toHaveCount(0);
});
