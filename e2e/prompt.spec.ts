/**
 * The Prompt view: what an open-weight model receives, rendered by its chat template in the
 * browser and tokenized with its own vocabulary. Expected strings are the reference renderings
 * in src/core/templates/conformance/expected (Jinja2 as transformers configures it).
 */
import { readFileSync } from 'node:fs';
import { expect, inputEditor, openApp, pasteInput, test } from './fixtures.ts';

const reference = (name: string) =>
  readFileSync(new URL(`../src/core/templates/conformance/expected/${name}.txt`, import.meta.url), 'utf8');
const conversation = JSON.stringify(
  {
    messages: [
      { role: 'system', content: 'You are a concise assistant.' },
      { role: 'user', content: 'What is the capital of France?' },
      { role: 'assistant', content: 'Paris.' },
      { role: 'user', content: 'And of Italy?' },
    ],
  },
  null,
  2,
);

test.beforeEach(async ({ page }) => openApp(page));

test('choosing Qwen 3 shows the prompt its template renders, special tokens marked, and the exact count', async ({
  page,
}) => {
  await pasteInput(page, conversation);
  await page.getByLabel('Model').selectOption('qwen3');
  const view = page.getByTestId('prompt-view');
  await expect(view).toBeVisible();
  const count = page.getByTestId('prompt-count');
  await expect(count).toContainText('tokens — exact', { timeout: 30_000 });
  // Every token is on screen, and the text they make is the reference rendering.
  const text = page.getByTestId('prompt-text');
  expect(await text.textContent()).toBe(reference('qwen3.multi-turn'));
  const tokens = text.locator('[data-token-id]');
  const shown = await tokens.count();
  await expect(count).toContainText(`${shown} tokens`);
  // <|im_start|> and <|im_end|> are Qwen's special tokens 151644 and 151645, one token each.
  await expect(text.locator('[data-token-id="151644"]')).toHaveCount(5);
  await expect(text.locator('[data-token-id="151645"]')).toHaveCount(4);
  await expect(text.locator('[data-token-id="151644"]').first()).toHaveAttribute('title', /special/);
  // The token view counts the same rendered string.
  await expect(page.getByTestId('token-total')).toContainText(`${shown} prompt tokens`);
  await expect(page.getByTestId('token-total')).toContainText('exact');
  await page.screenshot({ path: 'test-results/prompt-qwen3.png' });

  // One message's tokens: its ChatML turn, from <|im_start|> to the line break after <|im_end|>.
  await view.getByText('Tokens per message').click();
  await view.getByRole('button', { name: '#2 user' }).click();
  await expect(page.getByTestId('prompt-only')).toBeVisible();
  expect(await text.textContent()).toBe('<|im_start|>user\nWhat is the capital of France?<|im_end|>\n');
  await page.getByRole('button', { name: 'show the whole prompt' }).click();

  // Thinking off: Qwen3's soft switch writes an empty think block after the generation prompt.
  await view.getByLabel('Thinking').uncheck();
  await expect.poll(() => text.textContent()).toBe(reference('qwen3.multi-turn') + '<think>\n\n</think>\n\n');
  // Whitespace visible on demand.
  await view.getByLabel('Whitespace').check();
  await expect(text).toContainText('concise·assistant.<|im_end|>↵');
});

test('your own template: an error is shown at its line and column, a fixed one renders', async ({ page }) => {
  await pasteInput(page, conversation);
  await page.getByLabel('Model').selectOption('qwen3');
  const view = page.getByTestId('prompt-view');
  await view.getByLabel('Chat template').selectOption('custom');
  const box = page.getByTestId('custom-template');
  await box.fill('{% for m in messages %}\n[{{ m.role }] {{ m.content }}\n{% endfor %}');
  await expect(page.getByTestId('template-findings')).toContainText('Template line 2, column 2', {
    timeout: 30_000,
  });
  await box.fill('{% for m in messages %}[{{ m.role }}] {{ m.content }}\n{% endfor %}');
  await expect(page.getByTestId('prompt-text')).toContainText('[user] And of Italy?');
  await expect(page.getByTestId('template-findings')).toHaveCount(0);
});

test('the template and its switches travel in the link; two models’ renderings side by side in the diff', async ({
  page,
}) => {
  await pasteInput(page, conversation);
  await page.getByLabel('Model').selectOption('gpt-oss-120b');
  const view = page.getByTestId('prompt-view');
  await view.getByLabel('Reasoning').selectOption('high');
  await view.getByLabel('Template date').fill('2025-08-05');
  const text = page.getByTestId('prompt-text');
  await expect(text).toContainText('Current date: 2025-08-05', { timeout: 30_000 });
  await expect(text).toContainText('Reasoning: high');
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#cl1\./);
  await page.waitForTimeout(1000);
  const link = await page.evaluate(() => location.href);
  const other = await page.context().newPage();
  await other.goto(link);
  await expect(inputEditor(other).locator('.view-lines')).toContainText('concise assistant');
  await expect(other.getByTestId('prompt-text')).toContainText('Current date: 2025-08-05', {
    timeout: 30_000,
  });
  await expect(other.getByTestId('prompt-text')).toContainText('Reasoning: high');
  await other.close();

  await page.getByRole('tab', { name: 'Diff' }).click();
  await page.getByRole('tab', { name: 'Two formats' }).click();
  await page.getByLabel('Left side').selectOption('prompt:qwen3');
  await page.getByLabel('Right side').selectOption('prompt:llama-3');
  const textDiff = page.getByTestId('text-diff');
  await expect(textDiff.locator('.editor.original .view-lines')).toContainText('<|im_start|>system', {
    timeout: 30_000,
  });
  await expect(textDiff.locator('.editor.modified .view-lines')).toContainText('Cutting Knowledge Date');
});

test('a prompt past 50,000 tokens pages on to its end, and a late message shows all its tokens', async ({
  page,
}) => {
  // 400 turns of 190 words: ~80,000 tokens as Qwen 3's template renders them.
  const words =
    'the quick brown fox jumps over a lazy dog while seven wizards quietly hex jovial zebras'.split(' ');
  const messages = Array.from({ length: 400 }, (_, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    content: `turn ${i}: ${Array.from({ length: 190 }, (_, w) => words[(w * 7 + i) % words.length]).join(' ')}`,
  }));
  await pasteInput(page, JSON.stringify({ model: 'Qwen/Qwen3-8B', messages }, null, 2));
  const view = page.getByTestId('prompt-view');
  const pager = view.getByTestId('prompt-window');
  await expect(pager).toContainText(/^Tokens 1–50,000 of (\d\d,\d{3})/, { timeout: 30_000 });
  const total = /of ([\d,]+)/.exec((await pager.textContent()) ?? '')?.[1] ?? '';
  await pager.getByRole('button', { name: /^next / }).click();
  await expect(pager).toContainText(`Tokens 50,001–${total} of ${total}`);
  const text = view.getByTestId('prompt-text');
  // The last window reaches the prompt's end: the last turn, then the generation prompt.
  await view.getByRole('button', { name: 'show more' }).last().click();
  while (await view.getByRole('button', { name: 'show more' }).count()) {
    await view.getByRole('button', { name: 'show more' }).click();
  }
  await expect(text).toContainText('turn 399:');
  expect(await text.textContent()).toMatch(/<\|im_end\|>\n<\|im_start\|>assistant\n$/);
  await page.screenshot({ path: 'test-results/prompt-paged.png' });
  await pager.getByRole('button', { name: /^previous / }).click();
  await expect(pager).toContainText(`Tokens 1–50,000 of ${total}`);

  // The last message alone: its own count, and every one of its tokens on screen.
  await view.getByText('Tokens per message').click();
  // Its rows are virtualized: the last is a scroll away.
  const perMessage = view.getByTestId('prompt-per-message');
  await perMessage.evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
  await view.getByRole('button', { name: '#400 assistant' }).click();
  expect(await perMessage.locator('li button[aria-pressed]').count()).toBeLessThan(60);
  const only = page.getByTestId('prompt-only');
  await expect(only).toContainText(/Message 400's (\d+) tokens/);
  const count = Number(/Message 400's (\d+) tokens/.exec((await only.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThan(150);
  await expect(text.locator('[data-token-id]')).toHaveCount(count);
  await expect(text).toContainText('turn 399:');
});
