/**
 * How much of a rendered prompt's tokens travel with a result: apart from prompt.ts, so the page
 * can page by it without bundling the chat-template renderer prompt.ts imports (its first load
 * grew 32 KB gzip when it did, measured by the bench).
 */

/** The most token pieces a result (or a window the page asks for) carries; the counts cover them all. */
export const maxPiecesShown = 50_000;

/** Where the pieces carried start: at a piece's index, or at a conversation message's first piece. */
export type PiecesFrom = number | { message: number };
