/** Large input: a multi-megabyte paste goes in slices, every view follows, and one undo takes it back. */
import { openaiTranscript } from '../scripts/bench/transcript.ts';
import { detectedFormat, expect, inputEditor, openApp, pasteInput, test } from './fixtures.ts';

test('a 2,000-message paste is read whole, and one undo restores what was there', async ({ page }) => {
  await openApp(page);
  const transcript = openaiTranscript(2_000);
  expect(transcript.length).toBeGreaterThan(1_000_000);
  await pasteInput(page, transcript);
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'openai-chat');
  await expect(page.getByTestId('status-messages')).toHaveText('2,000 messages');
  await expect(page.getByTestId('console-entry').first()).toContainText('🧠 System');
  await expect(page.getByTestId('token-row').first()).toBeVisible();
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(detectedFormat(page)).toHaveAttribute('data-format', 'aya-context');
  await expect(inputEditor(page).locator('.view-lines')).toContainText('"timestamp": "2025-04-04T12:33:00Z"');
});
