/** Paste each seed's example and see each view show what the seed says. */
import { detectedFormat, expect, fixture, openApp, pasteInput, readClipboard, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => openApp(page));

test('seed 000 (Aya): the console log, exactly, and its lints', async ({ page }) => {
  await pasteInput(page, fixture('aya-context/fixtures/seed-example.json'));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'aya-context');
  await expect(page.getByTestId('console-entry')).toHaveCount(4);
  await expect(page.getByTestId('console-entry').nth(2)).toContainText(
    '🔧 getThreadHistory (ascending: false)',
  );
  await expect(page.getByTestId('console-entry').nth(2)).toContainText(
    '└─ Reason: Checking the thread history for more context',
  );
  await page.getByRole('button', { name: 'Copy as text' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await readClipboard(page)).toBe(fixture('aya-context/conformance/seed-console.txt').trimEnd());
  await expect(page.getByTestId('problem')).toContainText(['aya/turn-type']);
});

test('seed 001 (Ei): the blob becomes native user/assistant messages', async ({ page }) => {
  await pasteInput(page, fixture('ei-transcript/fixtures/seed-blob.txt'));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'ei-transcript');
  const native = page.getByTestId('native-view');
  await native.getByRole('button', { name: 'Copy' }).click();
  expect(JSON.parse(await readClipboard(page))).toEqual([
    { role: 'user', content: 'Hi Ei' },
    { role: 'assistant', content: 'Hello, Flare!' },
    { role: 'user', content: 'How are you?' },
  ]);
  await expect(page.getByTestId('console-entry').nth(1)).toContainText('🤖 Assistant (Ei)');
});

test('seed 002 (Forge): tool calls, thinking, results and the seed 002 estimate', async ({ page }) => {
  await pasteInput(page, fixture('forge-messages/fixtures/seed-conversation-flow.json'));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'forge-messages');
  const call = page.getByTestId('console-entry').nth(2);
  await expect(call).toContainText("💭 I'll calculate this using the calculator tool");
  await expect(call).toContainText('🔧 calculator (operation: add, a: 15, b: 27)');
  await expect(page.getByTestId('console-entry').nth(3)).toContainText(
    '📥 Result [forge_call_1]: Result: 42',
  );
  // "What is 15 + 27?" is 16 bytes: 16/4 + 4 = 8 by seed 002's formula.
  await expect(page.getByTestId('token-row').nth(1)).toContainText('8');
});

test('seed 003 (Suna): rows become the LLM payload; status rows are not sent', async ({ page }) => {
  await pasteInput(page, fixture('suna-rows/fixtures/seed-rows.json'));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'suna-rows');
  await expect(page.getByTestId('console-entry').nth(1)).toContainText('(not sent to the model)');
  const native = page.getByTestId('native-view');
  await native.getByRole('button', { name: 'Copy' }).click();
  const payload = JSON.parse(await readClipboard(page)) as Array<{
    role: string;
    tool_calls?: Array<{ function: { arguments: string } }>;
  }>;
  expect(payload.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool', 'user']);
  expect(typeof payload[2]?.tool_calls?.[0]?.function.arguments).toBe('string');
  await expect(page.getByTestId('status-messages')).toHaveText('6 messages (+2 not for the model)');
});

test('Tzurot: the request part by part in its own order, and its single multimodal message, text first', async ({
  page,
}) => {
  await pasteInput(page, fixture('tzurot-request/fixtures/reply-to-media.json'));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'tzurot-request');
  const parts = page.getByTestId('multimodal-element');
  await expect(parts.last()).toHaveAttribute('data-type', 'reference');
  await expect(parts.last()).toContainText(
    'This is a message referencing a message with audio from MediaUser. MediaUser said:\n"Mixed content:  and"',
  );
  await page.getByRole('button', { name: 'Copy as Tzurot JSON' }).click();
  const combined = JSON.parse(await readClipboard(page)) as Array<{ content: Array<{ type: string }> }>;
  expect(combined[0]?.content.map((element) => element.type)).toEqual([
    'text',
    'image_url',
    'audio_url',
    'audio_url',
  ]);
  expect(JSON.stringify(combined)).toContain('https://example.com/original-audio.mp3');
});

test('Anthropic: the cached prefix is marked on the budget bar, the switch shows the Anthropic payload', async ({
  page,
}) => {
  await pasteInput(page, fixture('anthropic-messages/fixtures/request-cached-tools.json'));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'anthropic-messages');
  await expect(page.getByTestId('cache-marker')).toBeAttached();
  await page.getByRole('tab', { name: 'Anthropic Messages' }).click();
  await page.getByTestId('native-view').getByRole('button', { name: 'Copy' }).click();
  expect(JSON.parse(await readClipboard(page))).toMatchObject({
    model: 'claude-sonnet-4',
    system: [{ type: 'text' }, { cache_control: { type: 'ephemeral' } }],
  });
});
