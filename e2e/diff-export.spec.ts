/** The diff workspace and exports, as a user drives them. */
import { readFileSync } from 'node:fs';
import { openaiTranscript } from '../scripts/bench/transcript.ts';
import { detectedFormat, expect, fixture, openApp, pasteInput, test } from './fixtures.ts';

const conversation = (inserted: boolean) =>
  JSON.stringify(
    [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'First question about tomatoes' },
      { role: 'assistant', content: 'First answer about tomatoes' },
      ...(inserted ? [{ role: 'user', content: 'An inserted follow-up about basil' }] : []),
      { role: 'user', content: 'Second question about slugs' },
      { role: 'assistant', content: 'Second answer about slugs' },
    ],
    null,
    2,
  );

test('two versions with a message inserted in the middle: text diff and message diff', async ({ page }) => {
  await openApp(page);
  await pasteInput(page, conversation(true));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'openai-chat');
  await page.getByRole('tab', { name: 'Diff' }).click();
  await page.getByLabel('Before').selectOption('other');
  await page.getByLabel('The other input').fill(conversation(false));
  const rows = page.getByTestId('diff-row');
  await expect(rows).toHaveCount(6);
  expect(await rows.evaluateAll((r) => r.map((row) => row.getAttribute('data-status')))).toEqual([
    'same',
    'same',
    'same',
    'inserted',
    'same',
    'same',
  ]);
  await expect(page.getByTestId('diff-summary')).toContainText(
    '1 inserted · 0 removed · 0 changed · 5 unchanged',
  );
  await expect(page.getByTestId('cache-prefix')).toContainText(
    '(3 messages) are unchanged and would be read from a prompt cache; a message inserted at 4 breaks it',
  );
  await expect(page.getByTestId('first-difference')).toContainText('message 4, inserted');
  expect(await rows.evaluateAll((r) => r.map((row) => row.getAttribute('data-cached')))).toEqual([
    'yes',
    'yes',
    'yes',
    null,
    null,
    null,
  ]);
  const textDiff = page.getByTestId('text-diff');
  await expect(textDiff.locator('.line-insert').first()).toBeVisible();
  await expect(textDiff.locator('.editor.modified .view-lines')).toContainText(
    'An inserted follow-up about basil',
  );
});

test('compare with the last version: a sample replaced by another is kept and compared', async ({ page }) => {
  await openApp(page);
  await page.getByLabel('Open a sample (Alt+S)').selectOption('forge-flow');
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'forge-messages');
  await page.getByLabel('Open a sample (Alt+S)').selectOption('openai-tools');
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'openai-chat');
  await page.getByRole('tab', { name: 'Diff' }).click();
  await expect(page.getByLabel('Before')).toContainText('The last version (follows your edits) — A sample');
  await expect(page.getByTestId('diff-summary')).toBeVisible();
});

test('pasting v1 then v2 at once compares them: every paste is a version', async ({ page }) => {
  await openApp(page);
  await pasteInput(page, '[{"role": "user", "content": "version one"}]');
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'openai-chat');
  await pasteInput(
    page,
    '[{"role": "user", "content": "version two"}, {"role": "assistant", "content": "hi"}]',
  );
  await page.getByRole('tab', { name: 'Diff' }).click();
  await expect(page.getByLabel('Before')).toContainText('The last version (follows your edits) — Pasted');
  await expect(page.getByTestId('diff-summary')).toContainText('1 inserted');
});

test('two formats of one conversation side by side: the Ei blob against its native messages', async ({
  page,
}) => {
  await openApp(page);
  await pasteInput(page, fixture('ei-transcript/fixtures/seed-blob.txt'));
  await page.getByRole('tab', { name: 'Diff' }).click();
  await page.getByRole('tab', { name: 'Two formats' }).click();
  await expect(page.getByLabel('Left side')).toHaveValue('input');
  await expect(page.getByLabel('Right side')).toHaveValue('openai-chat');
  const textDiff = page.getByTestId('text-diff');
  await expect(textDiff.locator('.editor.original .view-lines')).toContainText('### RECENT CONVERSATION ###');
  await expect(textDiff.locator('.editor.modified .view-lines')).toContainText('"content": "Hello, Flare!"');
  // Normalised: both sides as the same model, so the blob and the JSON compare by content.
  await page.getByRole('tab', { name: 'Normalised (as messages)' }).click();
  await expect(textDiff.locator('.editor.original .view-lines')).toContainText('"role": "assistant"');
  await expect(textDiff.locator('.editor.modified .view-lines')).toContainText('"role": "assistant"');
  await expect(textDiff.locator('.editor.original .view-lines')).not.toContainText('RECENT CONVERSATION');
});

for (const [target, check] of [
  [
    'openai-chat',
    (text: string) =>
      expect(JSON.parse(text)[1]).toEqual({
        role: 'user',
        content: 'Oi, me dê uma sugestão de almoço por favor.',
      }),
  ],
  [
    'tokens-csv',
    (text: string) =>
      expect(text.split('\n')[0]).toBe(
        'message,role,tokens,exact,overhead,text,tool_call,tool_result,image,thinking,other,forge_estimate,sent_to_model,input_cost_usd,cache_write_cost_usd,cache_read_cost_usd,output_cost_usd,cost_usd',
      ),
  ],
  ['markdown', (text: string) => expect(text).toContain('### 👤 User <@1234546> \\[Turn 0\\]')],
  [
    'console',
    (text: string) => expect(text).toBe(fixture('aya-context/conformance/seed-console.txt').trimEnd()),
  ],
] as const) {
  test(`export downloads the ${target} of the input`, async ({ page }) => {
    await openApp(page);
    await page.getByText('Export ▾').click();
    await page.getByLabel('Export as').selectOption(target);
    const download = page.waitForEvent('download');
    await page.getByRole('group', { name: 'Export' }).getByRole('button', { name: 'Download' }).click();
    const file = await download;
    check(readFileSync((await file.path()) ?? '', 'utf8'));
  });
}

test('two versions of 2,000 messages: the other one is held, not typed into, and the rows scroll to the last', async ({
  page,
}) => {
  await openApp(page);
  const after = openaiTranscript(2_000);
  const before = after.replace('EDIT-HERE', 'EDITED');
  await pasteInput(page, after);
  await expect(page.getByTestId('status-messages')).toHaveText('2,000 messages');
  await page.getByRole('tab', { name: 'Diff' }).click();
  await page.getByLabel('Before').selectOption('other');
  await page.evaluate((t) => navigator.clipboard.writeText(t), before);
  await page.getByLabel('The other input').click();
  await page.keyboard.press('ControlOrMeta+V');
  // Over a megabyte: held as pasted, no textarea laying it out.
  const held = page.getByTestId('other-input-held');
  await expect(held).toContainText(`${before.length.toLocaleString('en-US')} characters`);
  await expect(page.getByLabel('The other input')).toHaveCount(0);
  await expect(page.getByTestId('diff-summary')).toContainText(
    '0 inserted · 0 removed · 1 changed · 1999 unchanged',
  );
  // The rows in view are in the page, not 2,000; the last is a scroll away.
  const rows = page.getByTestId('diff-row');
  expect(await rows.count()).toBeLessThan(80);
  await page.getByRole('rowgroup').evaluate((scroller) => scroller.scrollTo({ top: scroller.scrollHeight }));
  await expect(rows.last().getByRole('cell').first()).toHaveText('2000');
  await held.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByLabel('The other input')).toHaveValue('');
});
