/**
 * Large inputs of every shape people paste, in Chromium, each in a fresh page: requests of
 * 1,000 and 10,000 messages pretty-printed and minified on one line, and one huge message of
 * 1, 5 and 10 MB of ASCII or of multibyte text (combining accents, CJK, emoji ZWJ sequences).
 * For each: paste → every view painted, the longest main-thread task meanwhile, keystroke →
 * every view painted (median and worst of 20 typed in a row, and the median of their first 5,
 * the warm-up after a paste) with the longest task, the renderer's peak
 * memory, and the floor in the same browser: JSON.parse and o200k_base counts of every string
 * (the median of three cold runs, each in a blank page of its own), and the browser's own
 * clipboard read of the text.
 */
import { build } from 'esbuild';
import type { Browser, Page } from '@playwright/test';
import { editMarker, openaiTranscript } from './transcript.ts';
import { measureKeystrokes, sampleRendererMemory } from './measure.ts';

/** The app's mark for a new result painted (ui/app.tsx). */
const resultPaintedMark = 'context-lens:result-painted';

export interface ShapeFigures {
  shape: string;
  megabytes: number;
  /** Paste → the first frame that shows its result (the "first paint"). */
  firstViewMs: number;
  /** Paste → every view showing it, painted (a payload view takes a long text in slices after the first). */
  pasteMs: number;
  /** Paste → the editor holding all of it (a large paste goes in by slices; the views come first). */
  editorFilledMs: number;
  pasteLongestTaskMs: number;
  /** Over every keystroke typed (`keystrokesTyped`, one after another, as when typing a word or two). */
  keystrokeMedianMs: number;
  keystrokeWorstMs: number;
  /** Over the first five after the paste: the worker's code paths for an edit are not optimised yet. */
  keystrokeFirstFiveMedianMs: number;
  keystrokeLongestTaskMs: number;
  rendererPeakMb?: number;
  /** The median of `floorRuns` cold runs of the floor, each in a blank page of its own. */
  floorMs: number;
  /** The least and the most of those runs. */
  floorSpreadMs: [number, number];
  /**
   * The browser's own read of the pasted text (`clipboardData.getData` in a paste event, on a
   * page with nothing else): one task no page can split, part of the longest paste task.
   */
  clipboardReadMs: number;
}

/**
 * Typed one after another after each paste. Five right after a paste were all warm-up (the
 * worker's edit paths still unoptimised: 200–280 ms against 100–140 from the ninth on, at 10,000
 * messages); the first five's median stays in the table.
 */
const keystrokesTyped = 20;

export const shapeBudgets = {
  keystrokeMedianMs: 150,
  longestTaskMs: 100,
  firstPaint5MbMs: 1500,
  floorRatio: 3,
  memoryMb: 1024,
};

function oneMessage(characters: number, multibyte: boolean): string {
  const unit = multibyte
    ? 'Cafe\u0301 na\u0303o \u4e2d\u6587\u5b57\u7b26\u6e2c\u8a66 \ud83d\udc69\u200d\ud83d\udc69\u200d\ud83d\udc67 ok '
    : 'The quick brown fox jumps over the lazy dog, then rests a while. ';
  const half = unit.repeat(Math.ceil(characters / 2 / unit.length));
  const body = `${half} ${editMarker} ${half}`;
  return JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: body }] }, null, 2);
}

export const shapes: Array<{ shape: string; text: () => string }> = [
  { shape: 'pretty request, 1,000 messages', text: () => openaiTranscript(1_000) },
  { shape: 'pretty request, 10,000 messages', text: () => openaiTranscript(10_000) },
  {
    shape: 'minified request, 1,000 messages',
    text: () => JSON.stringify(JSON.parse(openaiTranscript(1_000))),
  },
  {
    shape: 'minified request, 10,000 messages',
    text: () => JSON.stringify(JSON.parse(openaiTranscript(10_000))),
  },
  ...[1, 5, 10].flatMap((mb) => [
    { shape: `one ASCII message, ${mb} MB`, text: () => oneMessage(mb * 1_000_000, false) },
    { shape: `one multibyte message, ${mb} MB`, text: () => oneMessage(mb * 1_000_000, true) },
  ]),
];

/** gpt-tokenizer's o200k_base as a script for the page, so the floor is counted in the same browser. */
async function tokenizerScript(): Promise<string> {
  const result = await build({
    stdin: {
      contents: "export { countTokens } from 'gpt-tokenizer/encoding/o200k_base';",
      resolveDir: process.cwd(),
    },
    bundle: true,
    format: 'iife',
    globalName: '__benchTokenizer',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/**
 * Cold runs of the floor, each in a fresh blank page. One run in the app's page after its paste
 * and typing moved by 2× between runs of the same build (84–248 ms at 1,000 messages), with
 * whatever the page's collector had left to do; the floor has nothing else running beside it.
 */
const floorRuns = 3;

async function floorOf(browser: Browser, tokenizer: string, text: string): Promise<number[]> {
  const runs: number[] = [];
  for (let run = 0; run < floorRuns; run++) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.addScriptTag({ content: tokenizer });
      // A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
      await page.evaluate((t) => ((window as unknown as { __benchText: string }).__benchText = t), text);
      runs.push((await page.evaluate(floorProbe)) as number);
    } finally {
      await context.close();
    }
  }
  return runs.sort((a, b) => a - b);
}

/** JSON.parse and o200k_base counts of every string in it, timed in the page. */
const floorProbe = `(() => {
  const count = window.__benchTokenizer.countTokens;
  const start = performance.now();
  const strings = [];
  const stack = [JSON.parse(window.__benchText)];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') strings.push(v);
    else if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === 'object') stack.push(...Object.values(v));
  }
  let total = 0;
  for (const s of strings) total += count(s);
  return total >= 0 ? performance.now() - start : 0;
})()`;

const observeLongTasks = () => {
  const w = window as unknown as { __tasks: number[] };
  w.__tasks = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__tasks.push(e.duration))).observe({
    type: 'longtask',
  });
};
const longestTask = () => Math.max(0, ...(window as unknown as { __tasks: number[] }).__tasks);
const resetTasks = () => {
  (window as unknown as { __tasks: number[] }).__tasks = [];
};

/** How long the browser takes to hand a paste event its text, on a bare page of the same origin (the least of 3). */
async function clipboardReadMs(browser: Browser, origin: string, text: string): Promise<number> {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  try {
    const page = await context.newPage();
    await page.goto(origin);
    await page.setContent('<textarea></textarea>');
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await page.evaluate(() => {
      const w = window as unknown as { __readMs: number[] };
      w.__readMs = [];
      window.addEventListener(
        'paste',
        (event) => {
          const start = performance.now();
          event.clipboardData?.getData('text/plain');
          w.__readMs.push(performance.now() - start);
          event.preventDefault();
        },
        true,
      );
    });
    await page.locator('textarea').click();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ControlOrMeta+V');
    await page.waitForFunction(() => (window as unknown as { __readMs: number[] }).__readMs.length === 3);
    return await page.evaluate(() => Math.min(...(window as unknown as { __readMs: number[] }).__readMs));
  } finally {
    await context.close();
  }
}

export async function benchShapes(
  browser: Browser,
  origin: string,
  waitForViews: (page: Page, after: number, timeout?: number) => Promise<number>,
): Promise<ShapeFigures[]> {
  const tokenizer = await tokenizerScript();
  const cdp = await browser.newBrowserCDPSession();
  const figures: ShapeFigures[] = [];
  // BENCH_SHAPES=multibyte (a part of a shape's name) runs only the shapes it names.
  const only = process.env.BENCH_SHAPES;
  for (const { shape, text: make } of shapes.filter((s) => !only || s.shape.includes(only))) {
    const text = make();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    try {
      await page.goto(origin);
      await page.locator('.monaco-editor').first().waitFor();
      await waitForViews(page, 0);
      const memory = await sampleRendererMemory(cdp, 100);
      await page.evaluate(observeLongTasks);
      await page.evaluate((t) => navigator.clipboard.writeText(t), text);
      await page.getByTestId('editor-pane').locator('.view-lines').click();
      await page.keyboard.press('ControlOrMeta+A');
      const before = await page.evaluate(() => performance.now());
      await page.keyboard.press('ControlOrMeta+V');
      // Polled each frame beside the wait for every view: the first frame that shows the result.
      const firstView = page.waitForFunction(
        ([mark, since]) => {
          const entry = performance.getEntriesByName(mark).at(-1);
          return entry && entry.startTime > since ? entry.startTime : false;
        },
        [resultPaintedMark, before] as const,
        { timeout: 300_000, polling: 'raf' },
      );
      const pasteMs = (await waitForViews(page, before, 300_000)) - before;
      const firstViewMs = ((await (await firstView).jsonValue()) as number) - before;
      await page.locator('.monaco-editor[aria-busy="true"]').waitFor({ state: 'detached', timeout: 300_000 });
      const editorFilledMs = (await page.evaluate(() => performance.now())) - before;
      await page.waitForTimeout(500);
      const pasteLongestTaskMs = await page.evaluate(longestTask);
      await page.evaluate(resetTasks);
      const samples = await measureKeystrokes(page, keystrokesTyped, waitForViews, 200);
      const firstFive = samples.slice(0, 5).sort((a, b) => a - b);
      const keystrokeLongestTaskMs = await page.evaluate(longestTask);
      const peak = memory.stop();
      await context.close();
      const floor = await floorOf(browser, tokenizer, text);
      samples.sort((a, b) => a - b);
      figures.push({
        shape,
        megabytes: text.length / 1e6,
        firstViewMs,
        pasteMs,
        editorFilledMs,
        pasteLongestTaskMs,
        keystrokeMedianMs: samples[Math.floor(samples.length / 2)] ?? 0,
        keystrokeWorstMs: samples[samples.length - 1] ?? 0,
        keystrokeFirstFiveMedianMs: firstFive[2] ?? 0,
        keystrokeLongestTaskMs,
        ...(peak > 0 ? { rendererPeakMb: peak } : {}),
        floorMs: floor[Math.floor(floor.length / 2)] ?? 0,
        floorSpreadMs: [floor[0] ?? 0, floor.at(-1) ?? 0],
        clipboardReadMs: await clipboardReadMs(browser, origin, text),
      });
    } finally {
      await context.close();
    }
  }
  await cdp.detach();
  return figures;
}

export function printShapes(rows: ShapeFigures[]): boolean {
  const b = shapeBudgets;
  const yes = (ok: boolean) => (ok ? 'yes' : 'NO');
  console.log(
    `\nLarge inputs of every shape in Chromium (a fresh page each; keystroke: median and worst of ${keystrokesTyped} typed in a row, and the median of their first 5)\n`,
  );
  console.log(
    "| shape | MB | paste → first view ms | paste → views ms | paste → editor filled ms | floor ms, median of 3 (least–most) | × floor | longest task, paste | the browser's clipboard read ms | keystroke median / worst ms | first 5 median ms | longest task, typing | renderer peak MB | within budgets |",
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|');
  let ok = true;
  for (const r of rows) {
    const ratio = r.pasteMs / Math.max(1, r.floorMs);
    const within =
      r.keystrokeMedianMs < b.keystrokeMedianMs &&
      Math.max(r.pasteLongestTaskMs, r.keystrokeLongestTaskMs) <= b.longestTaskMs &&
      ratio <= b.floorRatio &&
      (r.megabytes < 4.5 || r.megabytes > 5.5 || r.firstViewMs < b.firstPaint5MbMs) &&
      (r.rendererPeakMb ?? 0) < b.memoryMb;
    ok &&= within;
    console.log(
      `| ${r.shape} | ${r.megabytes.toFixed(2)} | ${r.firstViewMs.toFixed(0)} | ${r.pasteMs.toFixed(0)} | ${r.editorFilledMs.toFixed(0)} | ${r.floorMs.toFixed(0)} (${r.floorSpreadMs[0].toFixed(0)}–${r.floorSpreadMs[1].toFixed(0)}) | ${ratio.toFixed(1)} | ${r.pasteLongestTaskMs.toFixed(0)} | ${r.clipboardReadMs.toFixed(0)} | ${r.keystrokeMedianMs.toFixed(0)} / ${r.keystrokeWorstMs.toFixed(0)} | ${r.keystrokeFirstFiveMedianMs.toFixed(0)} | ${r.keystrokeLongestTaskMs.toFixed(0)} | ${r.rendererPeakMb?.toFixed(0) ?? 'n/a'} | ${yes(within)} |`,
    );
  }
  console.log(
    `\nBudgets: keystroke → all views < ${b.keystrokeMedianMs} ms (median); no main-thread task over ${b.longestTaskMs} ms; a 5 MB paste's first view painted in < ${b.firstPaint5MbMs} ms; paste → every view within ${b.floorRatio}× the floor; renderer < ${b.memoryMb} MB.`,
  );
  return ok;
}
