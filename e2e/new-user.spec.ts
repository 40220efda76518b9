/** A new user's first minutes: plain words, a guide in the empty editor, a clear "not recognised", the shortcuts. */
import { detectedFormat, expect, fixture, openApp, pasteInput, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => openApp(page));

test('no internal words: no seed numbers or gotchas anywhere on the page', async ({ page }) => {
  await page.locator('#samples-menu').focus();
  const labels = await page.locator('#samples-menu option, #format-picker option').allTextContents();
  const body = await page.locator('body').innerText();
  for (const text of [...labels, body]) expect(text).not.toMatch(/seed 00\d|gotcha/i);
});

test('an empty editor shows a guide and no token figure, and a sample opens from it', async ({ page }) => {
  await page.getByRole('button', { name: 'New' }).click();
  await expect(page.getByTestId('empty-guide')).toBeVisible();
  await expect(page.getByTestId('status-tokens')).toHaveCount(0);
  await expect(page.getByTestId('empty-state').first()).toContainText('Paste a request');
  await page.screenshot({ path: 'test-results/empty-editor.png' });
  await page.getByTestId('empty-guide').getByRole('button', { name: 'open a sample' }).click();
  await expect(page.getByTestId('empty-guide')).toHaveCount(0);
  await expect(detectedFormat(page)).not.toHaveAttribute('data-format', '');
});

test('unrecognised input says what it looked like, and an empty [] claims no conversion', async ({
  page,
}) => {
  await pasteInput(page, '{"foo": 1, "bar": [1, 2]}');
  await expect(page.getByTestId('empty-state').first()).toContainText('a JSON object with keys foo, bar');
  await pasteInput(page, '[]');
  await expect(page.getByTestId('empty-state').first()).toContainText('an empty JSON array');
  await expect(page.getByText('Nothing is lost in this conversion')).toHaveCount(0);
});

test('"?" and the toolbar open the shortcuts, which stay inside the window', async ({ page }) => {
  await page.getByTestId('shortcuts-button').click();
  const dialog = page.getByTestId('shortcuts-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Alt+Shift+C');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.locator('header h1').click();
  await page.keyboard.press('?');
  await expect(dialog).toBeVisible();
  for (const size of [
    { width: 360, height: 640 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    const box = await dialog.boundingBox();
    expect(
      box && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height,
    ).toBe(true);
  }
});

test('an estimate looks different from an exact figure, and says what it rests on', async ({ page }) => {
  await pasteInput(
    page,
    JSON.stringify({
      model: 'claude-sonnet-4-5',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'hi' }],
    }),
  );
  const total = page.getByTestId('status-tokens').locator('[data-exact]');
  await expect(total).toHaveAttribute('data-exact', 'false');
  await expect(total).toHaveText(/^≈ /);
  await expect(total).toHaveAttribute('title', /Estimate: Anthropic publishes no tokenizer/);
  await pasteInput(page, JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }));
  await expect(total).toHaveAttribute('data-exact', 'true');
  await expect(total).toHaveAttribute('title', /Exact: o200k_base/);
});

test('the toolbar is one row at 1440 px, and every dialog stays inside the window from 360 to 1920 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const header = page.locator('header').first();
  const oneRow = await header.boundingBox();
  expect(oneRow?.height).toBeLessThan(48);
  await page.screenshot({ path: 'test-results/layout-1440.png' });
  for (const size of [
    { width: 360, height: 740 },
    { width: 400, height: 800 },
    { width: 1440, height: 900 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    await page.getByText('Export ▾').click();
    const exportBox = await page.getByRole('group', { name: 'Export' }).boundingBox();
    expect(exportBox && exportBox.x >= 0 && exportBox.x + exportBox.width <= size.width).toBe(true);
    await page.getByText('Export ▾').click();
    await page.getByTestId('share').click();
    const share = page.getByRole('dialog', { name: 'Share' });
    await expect(share).toBeVisible();
    const box = await share.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height).toBe(
      true,
    );
    for (const name of ['Copy link', 'Download share file'])
      await expect(share.getByRole('button', { name, exact: true })).toBeInViewport();
    if (size.width === 400) await page.screenshot({ path: 'test-results/layout-400.png' });
    await share.getByRole('button', { name: 'Close' }).click();
  }
});

test('the multimodal view shows the message the user selected, with its tool results', async ({ page }) => {
  await pasteInput(page, fixture('openai-chat/fixtures/request-with-tools.json'));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'openai-chat');
  const calls = page.getByTestId('console-entry').filter({ hasText: 'get_weather' }).first();
  await calls.getByTitle('Select this message in the editor').click();
  const view = page.getByTestId('multimodal-view');
  await expect(page.getByTestId('multimodal-title')).toContainText('(assistant)');
  await expect(
    view.getByTestId('multimodal-element').filter({ hasText: 'tool call get_weather' }).first(),
  ).toBeVisible();
  await expect(view.getByTestId('multimodal-result').first()).toContainText('tool result');
  await page.getByTestId('console-entry').first().getByTitle('Select this message in the editor').click();
  await expect(page.getByTestId('multimodal-title')).toContainText('Message 1 (developer)');
});

test('the timeline shows call ids and marks the entry with a problem; the mark jumps to it', async ({
  page,
}) => {
  const text = [
    '[',
    '  {"role": "user", "content": "Weather in Lisbon?"},',
    '  {"role": "assistant", "content": null, "tool_calls": [',
    '    {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}',
    '  ]}',
    ']',
  ].join('\n');
  await pasteInput(page, text);
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'openai-chat');
  const entry = page.getByTestId('console-entry').nth(1);
  await expect(entry).toContainText('🔧 get_weather [call_1]');
  const mark = entry.getByTestId('entry-problem');
  await expect(mark).toHaveAttribute('data-severity', 'error');
  await expect(mark).toHaveAttribute('title', /tools\/unanswered-call/);
  await expect(page.getByTestId('console-entry').nth(0).getByTestId('entry-problem')).toHaveCount(0);
  await mark.click();
  await expect(page.getByTestId('editor-pane').locator('.active-line-number')).toHaveText('4');
});

test('the layout survives a reload and travels in the link', async ({ page, browser }) => {
  const divider = page.getByRole('separator', { name: 'Resize editor and views' });
  await divider.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowRight');
  await expect(divider).toHaveAttribute('aria-valuenow', '85');
  await page.getByRole('button', { name: /Problems/ }).click();
  await expect(page.getByRole('button', { name: /Problems/ })).toHaveAttribute('aria-expanded', 'false');
  await page.waitForTimeout(1200);
  await page.reload();
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
  await expect(divider).toHaveAttribute('aria-valuenow', '85');
  await expect(page.getByRole('button', { name: /Problems/ })).toHaveAttribute('aria-expanded', 'false');

  await page.getByTestId('share').click();
  await expect(page.getByTestId('share-status')).toContainText('Link copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(link);
  await expect(fresh.getByRole('separator', { name: 'Resize editor and views' })).toHaveAttribute(
    'aria-valuenow',
    '85',
  );
});

test('the token table follows the cursor: the selected message is marked there too', async ({ page }) => {
  await pasteInput(page, fixture('openai-chat/fixtures/request-with-tools.json'));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'openai-chat');
  await page.getByTestId('console-entry').nth(2).getByTitle('Select this message in the editor').click();
  await expect(page.locator('[data-testid="token-row"][data-active]')).toContainText('assistant');
  // The payload scrolls to the same message: its cursor sits on that message's first line.
  const payloadLine = page.getByTestId('native-view').locator('.active-line-number');
  await expect(payloadLine).not.toHaveText('1');
  const line = Number(await payloadLine.textContent());
  const lineText = await page.getByTestId('native-view').locator('.view-line').nth(0).textContent();
  expect(line).toBeGreaterThan(5);
  expect(lineText).not.toBeNull();
  await page.getByTestId('token-row').nth(0).click();
  await expect(page.locator('[data-testid="console-entry"][data-active]')).toContainText('Developer');
});
