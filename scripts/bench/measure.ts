/** What the browser benches do the same way: a fresh page of the app, the renderer's resident memory, long tasks and keystroke latency. */
import { existsSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { editMarker } from './transcript.ts';

/** A process's resident memory, from /proc (0 where there is none). */
function rssMb(pid: number): number {
  const path = `/proc/${pid}/status`;
  if (!existsSync(path)) return 0;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(path, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

/** Samples every renderer's resident memory until `stop()`, which gives the peak (0 where /proc is not there). */
export async function sampleRendererMemory(
  cdp: CDPSession,
  everyMs: number,
): Promise<{ baseline: number; stop(): number }> {
  const info = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: Array<{ type: string; id: number }>;
  };
  const renderers = info.processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
  const baseline = Math.max(0, ...renderers.map(rssMb));
  let peak = 0;
  const sampler = setInterval(() => {
    for (const pid of renderers) peak = Math.max(peak, rssMb(pid));
  }, everyMs);
  return {
    baseline,
    stop() {
      clearInterval(sampler);
      return peak;
    },
  };
}

/**
 * Puts the cursor just after the edit marker (inside a message's text), then types one
 * character at a time; each sample is ms from the key press (its keydown's time) to every view
 * painted.
 */
export async function measureKeystrokes(
  page: Page,
  count: number,
  waitForViews: (page: Page, after: number, timeout?: number) => Promise<number>,
  pauseMs: number,
): Promise<number[]> {
  // A large paste shows in the views before the editor has taken all of it in: type once it has.
  await page.locator('.monaco-editor[aria-busy="true"]').waitFor({ state: 'detached', timeout: 300_000 });
  await page.keyboard.press('ControlOrMeta+F');
  await page.keyboard.type(editMarker);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowRight');
  // Searching for the marker (Monaco's find widget counts matches as each letter is typed) is not
  // part of a keystroke: the longest task while typing counts from here.
  await page.waitForTimeout(pauseMs);
  await page.evaluate(() => {
    const w = window as unknown as { __tasks?: unknown[] };
    if (w.__tasks) w.__tasks.length = 0;
  });
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    await page.evaluate(() => {
      const w = window as unknown as { __keydown?: number };
      // The event's own time: when the browser took the key in (a paste's is timed the same way).
      window.addEventListener('keydown', (event) => (w.__keydown = event.timeStamp), {
        capture: true,
        once: true,
      });
    });
    await page.keyboard.type('x');
    const keydown = await page.evaluate(() => (window as unknown as { __keydown?: number }).__keydown ?? 0);
    latencies.push((await waitForViews(page, keydown, 120_000)) - keydown);
    await page.waitForTimeout(pauseMs);
  }
  return latencies;
}

/** In the page: from now on, the start and duration of every long task (50 ms or more) are kept. */
export const observeLongTasks = () => {
  const w = window as unknown as { __tasks: Array<[number, number]> };
  w.__tasks = [];
  new PerformanceObserver((list) =>
    list.getEntries().forEach((e) => w.__tasks.push([e.startTime, e.duration])),
  ).observe({ type: 'longtask' });
};

/** In the page: the longest task kept since `observeLongTasks` (0 when none was long). */
export const longestTask = () =>
  Math.max(0, ...(window as unknown as { __tasks: Array<[number, number]> }).__tasks.map(([, d]) => d));

/** In the page: `longestTask`, apart from the task running at `at`. */
export const longestTaskApartFrom = (at: number) =>
  Math.max(
    0,
    ...(window as unknown as { __tasks: Array<[number, number]> }).__tasks
      .filter(([start, duration]) => at < start || at > start + duration)
      .map(([, duration]) => duration),
  );

/**
 * In the page: notes the next paste — the key press that makes it (Ctrl/Cmd+V) and its paste
 * event; returns now. A paste is timed from its key press as the page got it (`pasteKeyAt`), as a
 * keystroke is: timed from before Playwright pressed the keys, it also counted the harness's own
 * messages to the browser (Control, then V: the V reached the page 2–16 ms later, measured).
 */
export const notePasteEvent = () => {
  const w = window as unknown as { __pasteAt?: number; __pasteKeyAt?: number };
  delete w.__pasteAt;
  delete w.__pasteKeyAt;
  window.addEventListener('paste', () => (w.__pasteAt = performance.now()), { capture: true, once: true });
  // No named inner function: tsx wraps those in a helper the page lacks (floor.ts).
  const noted = new AbortController();
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.code !== 'KeyV' || !(event.ctrlKey || event.metaKey)) return;
      // The event's own time: when the browser took the key in, before any wait for the page's thread.
      w.__pasteKeyAt = event.timeStamp;
      noted.abort();
    },
    { capture: true, signal: noted.signal },
  );
  return performance.now();
};

/**
 * When the page records `mark` (a `performance.mark` of the app's) after `after`, on the page's
 * clock. A PerformanceObserver in the page answers once, where Playwright's `raf` polling ran its
 * check in every frame of what it timed and kept the driver busy beside it on the same two cores:
 * the 1 MB ASCII message's paste came to every view in a median of 80 ms waited for this way
 * against 84 polled (twelve fresh pastes each, one build). The floor it is compared with has
 * nothing running beside it.
 */
export async function markAfter(page: Page, mark: string, after: number, timeout = 60_000): Promise<number> {
  // No named inner function: tsx wraps those in a helper the page lacks (floor.ts).
  return page.evaluate(
    ([name, since, ms]) =>
      new Promise<number>((resolve, reject) => {
        const observer = new PerformanceObserver((list) => {
          const entry = list.getEntriesByName(name).find((e) => e.startTime > since);
          if (!entry) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(entry.startTime);
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`no ${name} mark within ${ms} ms`));
        }, ms);
        // `buffered`: a mark made before this observer was, but after `since`, counts.
        observer.observe({ type: 'mark', buffered: true });
      }),
    [mark, after, timeout] as const,
  );
}

/** In the page: when the paste event noted by `notePasteEvent` was dispatched (-1 before it was). */
export const pasteEventAt = () => (window as unknown as { __pasteAt?: number }).__pasteAt ?? -1;

/** In the page: when the key press of the paste noted by `notePasteEvent` came (-1 before it did). */
export const pasteKeyAt = () => (window as unknown as { __pasteKeyAt?: number }).__pasteKeyAt ?? -1;

/** The paste's key press, read after the paste: a bench that did not see it must not time from a guess. */
export async function pasteStart(page: Page): Promise<number> {
  const at = await page.evaluate(pasteKeyAt);
  if (at < 0) throw new Error("the paste's key press never reached the page");
  return at;
}

/**
 * In the page: how long the app's last paste took to read its text from the clipboard
 * (`clipboardReadMeasure` in src/ui/lib/clipboard-read.ts), the browser's own share of the paste
 * event's task; -1 when no paste was read.
 */
export const lastClipboardReadMs = () =>
  performance.getEntriesByName('context-lens:clipboard-read').at(-1)?.duration ?? -1;

/** In the page: the long task running at `at` (0 when it was not long). */
export const taskAt = (at: number) =>
  (window as unknown as { __tasks: Array<[number, number]> }).__tasks.find(
    ([start, duration]) => start <= at && at <= start + duration,
  )?.[1] ?? 0;

/** The app in a fresh context (1280×800, clipboard allowed), once its editor is there; close the context when done. */
export async function openAppPage(
  browser: Browser,
  origin: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await page.goto(origin);
  await page.locator('.monaco-editor').first().waitFor();
  return { context, page };
}
