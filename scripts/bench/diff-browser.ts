/**
 * Diff of two versions of a 10,000-message request, in Chromium: the input holds one, the other
 * is pasted into Diff's other input. From that paste to the message diff's summary on screen,
 * the longest main-thread task meanwhile, and the message rows in the page. The task that
 * dispatches the paste event is given apart, as in the shapes bench: it holds the browser's own
 * read of the pasted text, which no page can split, and is held to the budget by what it adds.
 */
import type { Browser } from '@playwright/test';
import {
  lastClipboardReadMs,
  longestTaskApartFrom,
  notePasteEvent,
  observeLongTasks,
  openAppPage,
  pasteEventAt,
  pasteStart,
  taskAt,
} from './measure.ts';
import { editMarker, openaiTranscript } from './transcript.ts';

export interface DiffFigures {
  messages: number;
  summaryMs: number;
  /** The longest task apart from the paste event's. */
  longestTaskMs: number;
  pasteEventTaskMs: number;
  /** The browser's read of the other version from the clipboard in that task, as the app measured it. */
  clipboardReadMs: number;
  rowsInPage: number;
}

export const diffLongTaskBudgetMs = 100;

export const diffWithinBudget = (d: DiffFigures) =>
  d.longestTaskMs <= diffLongTaskBudgetMs && d.pasteEventTaskMs - d.clipboardReadMs <= diffLongTaskBudgetMs;

export async function diffInBrowser(
  browser: Browser,
  origin: string,
  messages = 10_000,
): Promise<DiffFigures> {
  const after = openaiTranscript(messages);
  const before = after.replace(editMarker, 'EDITED');
  const { context, page } = await openAppPage(browser, origin);
  try {
    await page.evaluate((t) => navigator.clipboard.writeText(t), after);
    await page.getByTestId('editor-pane').locator('.view-lines').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('ControlOrMeta+V');
    await page
      .getByTestId('status-messages')
      .filter({ hasText: `${messages.toLocaleString('en-US')} messages` })
      .waitFor({ timeout: 300_000 });
    await page.locator('.monaco-editor[aria-busy="true"]').waitFor({ state: 'detached', timeout: 300_000 });
    await page.getByRole('tab', { name: 'Diff' }).click();
    await page.getByLabel('Before').selectOption('other');
    await page.evaluate((t) => navigator.clipboard.writeText(t), before);
    await page.getByLabel('The other input').click();
    await page.waitForTimeout(500);
    await page.evaluate(observeLongTasks);
    await page.evaluate(notePasteEvent);
    await page.keyboard.press('ControlOrMeta+V');
    const shown = await page.waitForFunction(
      () =>
        / 1 changed /.test(document.querySelector('[data-testid="diff-summary"]')?.textContent ?? '')
          ? performance.now()
          : false,
      null,
      { timeout: 300_000, polling: 'raf' },
    );
    const summaryMs = ((await shown.jsonValue()) as number) - (await pasteStart(page));
    // The text diff's sides go on taking their slices after the summary shows.
    await page.locator('[data-testid="text-diff"] .monaco-editor[aria-busy="true"]').waitFor({
      state: 'detached',
      timeout: 300_000,
    });
    await page.waitForTimeout(500);
    const pasteAt = await page.evaluate(pasteEventAt);
    return {
      messages,
      summaryMs,
      longestTaskMs: await page.evaluate(longestTaskApartFrom, pasteAt),
      pasteEventTaskMs: await page.evaluate(taskAt, pasteAt),
      clipboardReadMs: await page.evaluate(lastClipboardReadMs),
      rowsInPage: await page.getByTestId('diff-row').count(),
    };
  } finally {
    await context.close();
  }
}
