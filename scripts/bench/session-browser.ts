/**
 * Opening a generated 100 MB session file in the app, in Chromium: from choosing the file to
 * every view painted, the longest main-thread task meanwhile, and the peak resident memory of
 * the renderer process (which runs the page and its worker), sampled from /proc where there is one.
 */
import type { Browser, Page } from '@playwright/test';
import { longestTask, observeLongTasks, sampleRendererMemory } from './measure.ts';

export interface SessionOpenFigures {
  megabytes: number;
  openMs: number;
  longestTaskMs: number;
  /** Undefined where /proc is not there to read. */
  rendererPeakMb?: number;
  /** The renderer's resident memory just before the file was chosen. */
  rendererBeforeMb?: number;
}

export async function openSessionInBrowser(
  browser: Browser,
  page: Page,
  file: string,
  megabytes: number,
  waitForViews: (page: Page, after: number, timeout?: number) => Promise<number>,
): Promise<SessionOpenFigures> {
  const cdp = await browser.newBrowserCDPSession();
  const memory = await sampleRendererMemory(cdp, 50);
  await page.evaluate(observeLongTasks);
  const baseline = memory.baseline;
  const before = await page.evaluate(() => performance.now());
  await page.getByTestId('file-input').setInputFiles(file);
  // Done when the file's card and the session's requests are on screen, and the views painted after that.
  const shown = await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="opened-file"]') &&
      /\d requests/.test(document.querySelector('[data-testid="session-summary"]')?.textContent ?? '')
        ? performance.now()
        : false,
    null,
    { timeout: 300_000, polling: 'raf' },
  );
  const painted = Math.max((await shown.jsonValue()) as number, await waitForViews(page, before, 300_000));
  await page.waitForTimeout(300);
  const peak = memory.stop();
  const longestTaskMs = await page.evaluate(longestTask);
  await cdp.detach();
  return {
    megabytes,
    openMs: painted - before,
    longestTaskMs,
    ...(peak > 0 ? { rendererPeakMb: peak, rendererBeforeMb: baseline } : {}),
  };
}
