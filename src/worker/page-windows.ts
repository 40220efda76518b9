/**
 * How many console entries a result carries (its first) and a view asks the worker for at a time
 * (`consoleEntries`): apart from protocol.ts, whose schemas import zod and the format registry,
 * so the page can page by it without bundling them (its first load grew 49 KB gzip when it did,
 * measured by the bench). At 10,000 messages every entry was 8 of a result's 15 MB of structured
 * clone, read on the page in one task of ~100 ms; the timeline shows a dozen.
 */
export const consoleWindow = 200;
