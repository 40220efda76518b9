/** An axe check of the main screen as a new user first sees it, and with a dialog open. */
import AxeBuilder from '@axe-core/playwright';
import { expect, openApp, test } from './fixtures.ts';

const seriousOrWorse = (
  violations: Array<{ impact?: string | null; id: string; help: string; nodes: unknown[] }>,
) =>
  violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);

test('the main screen has no serious accessibility violations', async ({ page }) => {
  await openApp(page);
  // Monaco's own editor internals are a third-party widget with its own accessibility mode.
  const results = await new AxeBuilder({ page }).exclude('.monaco-editor').analyze();
  expect(seriousOrWorse(results.violations)).toEqual([]);
});

test('the shortcuts dialog and the empty state have none either', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'New' }).click();
  await page.getByTestId('shortcuts-button').click();
  const results = await new AxeBuilder({ page }).exclude('.monaco-editor').analyze();
  expect(seriousOrWorse(results.violations)).toEqual([]);
});
