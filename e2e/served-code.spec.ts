/** The scripts the page is served: the code a large paste runs is compiled as it loads. */
import { compileHint, hintedPageChunks, hintedWorkerChunks } from '../compile-hints.ts';
import { expect, openApp, test } from './fixtures.ts';

test("the app's entry, Monaco and the pipeline worker start with V8's compile hint, and no other script does", async ({
  page,
}) => {
  await openApp(page);
  // The worker's script is fetched by the page, so its timing is the page's too.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => new URL(url).pathname.endsWith('.js')),
  );
  const hinted: string[] = [];
  for (const url of scripts) {
    const text = await (await page.request.get(url)).text();
    // The first line, exactly: V8 reads the hint nowhere else.
    if (text.split('\n', 1)[0] === compileHint) hinted.push(new URL(url).pathname);
  }
  const chunkOf = (path: string) => /\/assets\/(.+)-[\w-]{8}\.js$/.exec(path)?.[1];
  expect(hinted.map(chunkOf).sort()).toEqual([...hintedPageChunks, ...hintedWorkerChunks].sort());
});
