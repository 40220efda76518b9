/** Served safely, and nothing the user typed is changed or lost behind their back. */
import { detectedFormat, expect, fixture, inputEditor, openApp, pasteInput, test } from './fixtures.ts';

test('the page is served with its security headers and logs no CSP violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text()))
      violations.push(message.text());
  });
  const response = await page.goto('/');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("base-uri 'none'");
  expect(headers['content-security-policy']).toContain("form-action 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
  await expect(page.getByTestId('detected-format')).not.toHaveAttribute('data-format', '');
  await pasteInput(page, fixture('openai-chat/fixtures/request-with-tools.json'));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'openai-chat');
  expect(violations).toEqual([]);
});

test('U+2028 and U+2029 stay in the input: no dialog offers to remove them', async ({ page }) => {
  await openApp(page);
  const text = '[{"role": "user", "content": "a\u2028b\u2029c"}]';
  await pasteInput(page, text);
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'openai-chat');
  await expect(page.getByText(/unusual line terminators/i)).toHaveCount(0);
  await expect(page.getByTestId('problem').filter({ hasText: 'json/syntax' })).toHaveCount(0);
});

test('a new paste goes back to detection after a format was chosen', async ({ page }) => {
  await openApp(page);
  await pasteInput(page, fixture('openai-chat/fixtures/request-with-tools.json'));
  await page.locator('#format-picker').selectOption('anthropic-messages');
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'anthropic-messages');
  await pasteInput(page, fixture('ei-transcript/fixtures/seed-blob.txt'));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'ei-transcript');
});

test('typing without a pause is saved at least every second', async ({ page }) => {
  await openApp(page);
  await pasteInput(page, '');
  await inputEditor(page).locator('.view-lines').click();
  // About 3 s of typing with no pause long enough for a debounce.
  await page.keyboard.type('[{"role": "user", "content": "' + 'x'.repeat(60) + '"}]', { delay: 50 });
  const saved = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('context-lens');
        open.onsuccess = () => {
          const request = open.result.transaction('autosave').objectStore('autosave').get('input:v1');
          request.onsuccess = () => resolve((request.result as { text?: string } | undefined)?.text ?? '');
        };
      }),
  );
  // Within a second of the last key: at least the first two seconds of typing are on disk.
  expect(saved.length).toBeGreaterThan(20);
});

test('before a link is copied, secrets are found and the user chooses what to replace', async ({ page }) => {
  await openApp(page);
  const key = 'sk-proj-' + 'Z'.repeat(40);
  await pasteInput(page, JSON.stringify([{ role: 'user', content: `use ${key} and mail ada@example.com` }]));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'openai-chat');
  await page.setViewportSize({ width: 400, height: 800 });
  await page.getByTestId('share').click();
  const review = page.getByTestId('share-review');
  await expect(review).toContainText('Replace 1 OpenAI key');
  await expect(review).toContainText('Replace 1 e-mail address');
  await expect(review).not.toContainText(key);
  const box = await page.getByRole('dialog', { name: 'Share' }).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 400).toBe(true);
  await page.screenshot({ path: 'test-results/share-review-400.png' });
  await review.getByRole('button', { name: 'Copy link, redacted' }).click();
  await expect(page.getByTestId('share-status')).toContainText('redacted');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const fresh = await page.context().newPage();
  await fresh.goto(link);
  await expect(fresh.locator('.monaco-editor').first()).toBeVisible();
  // The input's editor: once the payload view's editor is there too, `.view-lines` is two.
  await expect(inputEditor(fresh).locator('.view-lines')).toContainText('[redacted OpenAI key]');
});
