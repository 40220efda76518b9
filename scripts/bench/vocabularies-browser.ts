/**
 * Loading an open-weight vocabulary in the app, in Chromium: from choosing the model in the
 * token view to its count on screen. Cold: a fresh browser context, nothing cached. Warm: a new
 * page of the same context, so a new worker, with the files in Cache Storage.
 */
import type { Browser, Page } from '@playwright/test';

export interface VocabularyLoad {
  model: string;
  coldMs: number;
  warmMs: number;
}

async function chooseAndWait(page: Page, model: string): Promise<number> {
  const start = Date.now();
  await page.getByLabel('Model').selectOption(model);
  // Polled from here: the page's Content-Security-Policy rules out a polled page function.
  while (Date.now() - start < 120_000) {
    const shown = await page.evaluate(() =>
      // "own vocabulary": the prompt as its chat template renders it; "own tokenizer": the framing.
      /own (vocabulary|tokenizer)/.test(
        document.querySelector('[data-testid="token-view"]')?.textContent ?? '',
      ),
    );
    if (shown) return Date.now() - start;
    await page.waitForTimeout(20);
  }
  throw new Error(`${model}: its count did not appear within 120 s`);
}

async function ready(page: Page, origin: string): Promise<void> {
  await page.goto(origin);
  await page.locator('.monaco-editor').first().waitFor();
  await page.getByTestId('token-total').waitFor();
}

export async function loadVocabulariesInBrowser(browser: Browser, origin: string): Promise<VocabularyLoad[]> {
  const rows: VocabularyLoad[] = [];
  for (const model of ['llama-3.1', 'qwen3', 'deepseek-v3', 'gemma-3']) {
    // The first visit's sample is the input; only the model changes.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const times: number[] = [];
    for (let visit = 0; visit < 2; visit++) {
      const page = await context.newPage();
      await ready(page, origin);
      times.push(await chooseAndWait(page, model));
      // Back to the detected model, saved, so the next page starts without the vocabulary.
      await page.getByLabel('Model').selectOption('');
      await page.waitForTimeout(1500);
      await page.close();
    }
    rows.push({ model, coldMs: times[0] ?? 0, warmMs: times[1] ?? 0 });
    await context.close();
  }
  return rows;
}
