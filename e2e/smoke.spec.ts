import { expect, test } from '@playwright/test';

test('opens with a sample and shows its format and console timeline', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('detected-format')).toHaveText('aya-context');
  await expect(page.getByTestId('console-view')).toContainText('🔧 getThreadHistory (ascending: false)');
});
