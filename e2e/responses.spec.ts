/** What comes back from a model, pasted as it is: a response object and an event stream, in every view. */
import { detectedFormat, expect, fixture, openApp, pasteInput, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => openApp(page));

test('a pasted Anthropic event stream: the reply in every view, and the usage the API recorded', async ({
  page,
}) => {
  await pasteInput(page, fixture('anthropic-messages/fixtures/stream-tool-use.sse'));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'anthropic-messages');
  const consoleView = page.getByTestId('console-view');
  await expect(consoleView).toContainText("Okay, let's check the weather for San Francisco, CA:");
  await expect(consoleView).toContainText('get_weather');
  await expect(consoleView).toContainText('stopped: tool_use');
  await expect(page.getByTestId('native-view')).toContainText('fahrenheit');
  await expect(page.getByTestId('recorded-usage')).toContainText('input 472 · output 89');
  await expect(page.getByTestId('token-total')).toContainText('tokens in the reply');
  await expect(page.getByTestId('problem').filter({ hasText: 'json/syntax' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/anthropic-stream.png', fullPage: true });
});

test('a pasted chat.completion response and chunk stream read as OpenAI replies', async ({ page }) => {
  await pasteInput(page, fixture('openai-chat/fixtures/response-two-tool-calls.json'));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'openai-chat');
  await expect(page.getByTestId('console-view')).toContainText('get_stock_price');
  await expect(page.getByTestId('recorded-usage')).toContainText('input 149 · output 60 · reasoning 0');
  await expect(page.getByTestId('problem').filter({ hasText: 'tools/unanswered-call' })).toHaveCount(0);

  await pasteInput(page, fixture('openai-chat/fixtures/stream-three-choices-cut.sse'));
  await expect(page.getByTestId('console-view')).toContainText('choice 2');
  await expect(page.getByTestId('console-view')).toContainText("I'm sorry, but");
  await expect(page.getByTestId('problem').filter({ hasText: 'stream/incomplete' })).toHaveCount(3);
  await page.screenshot({ path: 'test-results/openai-stream-alternatives.png', fullPage: true });
});

test('a pasted Gemini response reads as the model turn, with its usage', async ({ page }) => {
  await pasteInput(page, fixture('gemini/fixtures/response-function-call.json'));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'gemini');
  await expect(page.getByTestId('console-view')).toContainText('customDivide');
  await expect(page.getByTestId('console-view')).toContainText('stopped: STOP');
  await expect(page.getByTestId('recorded-usage')).toContainText('input 21 · output 6');
  await page.getByTestId('native-view').getByText('Anthropic Messages', { exact: true }).click();
  await expect(page.getByTestId('native-view')).toContainText('"tool_use"');
});

test('a pasted dataset JSONL: a record picker, and every view follows the record chosen', async ({
  page,
}) => {
  await pasteInput(page, fixture('chat-dataset/fixtures/openai-finetune.jsonl'));
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'chat-dataset');
  const picker = page.getByTestId('record-picker');
  await expect(picker).toContainText('of 3');
  await expect(page.getByTestId('console-view')).toContainText("What's the capital of France?");
  await picker.getByRole('spinbutton').fill('3');
  await expect(page.getByTestId('console-view')).toContainText('How far is the Moon from Earth?');
  await expect(page.getByTestId('native-view')).toContainText('Give or take a few');
  await page.getByTestId('console-view').getByText('How far is the Moon from Earth?').click();
  await expect(page.getByTestId('multimodal-view')).toContainText('How far is the Moon from Earth?');
  await page.screenshot({ path: 'test-results/dataset-record-picker.png', fullPage: true });
});
