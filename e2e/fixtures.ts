/** Shared e2e fixtures: every test also asserts that no request left for another origin. */
import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { editMarker } from '../scripts/bench/transcript.ts';

export const fixture = (path: string) =>
  readFileSync(new URL(`../src/core/formats/${path}`, import.meta.url), 'utf8');

interface Fixtures {
  /** Origins a test lets the page reach (only after the user asked, e.g. "Load image"). */
  allowedOrigins: string[];
  offsiteRequests: string[];
  /** Every uncaught error in the page fails the test: Monaco's included. */
  pageErrors: string[];
}

export const test = base.extend<Fixtures>({
  allowedOrigins: [[], { option: true }],
  offsiteRequests: [
    async ({ page, baseURL, allowedOrigins }, use) => {
      const own = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const offsite: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (url.startsWith('data:') || url.startsWith('blob:')) return;
        const origin = new URL(url).origin;
        if (origin !== own && !allowedOrigins.includes(origin)) offsite.push(url);
      });
      await use(offsite);
      expect(offsite, 'requests to other origins').toEqual([]);
    },
    { auto: true },
  ],
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Opens the app on a clean slate (no autosaved work) and waits for the editor and the first result. */
export async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
  await expect(page.getByTestId('detected-format')).not.toHaveAttribute('data-format', '');
}

/** Replaces the editor's text the way a person does: select all, paste from the clipboard. */
export async function pasteInput(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  // Monaco 0.57 takes input through EditContext: focus comes from a click into its text.
  await inputEditor(page).locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

/** Scrolls the payload view away from its start (the sample's payload is taller than its pane). */
export async function scrollPayloadDown(page: Page): Promise<void> {
  const native = page.getByTestId('native-view');
  await expect(native.locator('.view-lines')).toContainText('"role"');
  // The pointer over the editor's middle: hovering `.view-lines` waited on the line numbers' margin,
  // which covers its centre when its lines are wider than the pane.
  const box = await native.locator('.monaco-editor').boundingBox();
  if (!box) throw new Error('the payload view has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 400);
  // The cursor's line, at the start, is out of sight.
  await expect(native.locator('.current-line')).toHaveCount(0);
}

/** Puts the input editor's cursor right after the transcript's edit marker (Find, then the match's end), as the bench types. */
export async function cursorAfterEditMarker(page: Page): Promise<void> {
  await page.keyboard.press('ControlOrMeta+F');
  await page.keyboard.type(editMarker);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowRight');
}

export const inputEditor = (page: Page) => page.getByTestId('editor-pane').locator('.monaco-editor');

export async function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

export const detectedFormat = (page: Page) => page.getByTestId('detected-format');
