/** Open-weight models counted with their own vocabularies, loaded in the worker from the app's own files. */
import { expect, fixture, openApp, pasteInput, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => openApp(page));

test('choosing Qwen 3 counts with its own vocabulary: an exact figure, its chat template named', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  // Meta's test dialog (meta-llama/llama3 test_tokenizer.py).
  await pasteInput(
    page,
    JSON.stringify({
      messages: [
        { role: 'system', content: 'This is a test sentence.' },
        { role: 'user', content: 'This is a response.' },
      ],
    }),
  );
  const model = page.getByLabel('Model');
  await model.selectOption('qwen3');
  const total = page.getByTestId('token-total');
  await expect(total).toContainText('24 prompt tokens of 32,768', { timeout: 30_000 });
  await expect(total).toContainText('exact');
  await expect(page.getByTestId('token-view')).toContainText("Qwen3's chat template");
  // The vocabulary came from the app's own assets.
  expect(requests.some((url) => /\/assets\/tokenizer-[\w-]+\.json$/.test(url))).toBe(true);

  // Meta's 26 in its reference format, plus the 20 tokens of the dated header Llama 3.1's chat
  // template writes ("Cutting Knowledge Date: December 2023\nToday Date: 26 Jul 2024\n\n"): the
  // count is of the prompt as the template renders it, so it is exact.
  await model.selectOption('llama-3.1');
  await expect(total).toContainText('46 prompt tokens of 131,072', { timeout: 30_000 });
  await expect(total).toContainText('exact');
  await page.screenshot({ path: 'test-results/open-weight-llama.png', fullPage: true });

  // Every vocabulary loads from the app's own files (a small config once came inlined as a data:
  // URL, which the Content-Security-Policy refuses to fetch).
  for (const [id, label, window] of [
    ['deepseek-v3', 'DeepSeek V3', '131,072'],
    ['gemma-3', 'Gemma 3', '131,072'],
    ['gemini-2.5-pro', 'Gemma 3 vocabulary', '1,048,576'],
  ] as const) {
    await model.selectOption(id);
    await expect(page.getByTestId('token-view')).toContainText(label, { timeout: 30_000 });
    await expect(total).toContainText(`prompt tokens of ${window}`);
    await expect(total).toContainText('exact');
  }
  await expect(page.getByTestId('pipeline-error')).toHaveCount(0);
});

test('the token view prices the request and lists its cache breakpoints, each against the model minimum', async ({
  page,
}) => {
  await pasteInput(page, fixture('anthropic-messages/fixtures/request-cached-tools.json'));
  const details = page.getByTestId('token-cost-cache');
  await expect(details).toContainText('Cost $');
  await details.locator('summary').click();
  // Sonnet 4 at $3 per million input tokens; the request's max_tokens (1,024) at $15: a ceiling.
  await expect(page.getByTestId('token-cost')).toContainText(
    "a reply of up to 1,024 tokens (the request's max_tokens)",
  );
  await expect(page.getByTestId('token-cache')).toContainText(
    'too short: Claude Sonnet 4 caches prefixes of 1,024 tokens or more',
  );
  await page.screenshot({ path: 'test-results/token-cost-cache.png', fullPage: true });
});
