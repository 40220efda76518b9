/** The app's TanStack Query client. */
import { QueryClient } from '@tanstack/react-query';

/**
 * How long a query no view observes is kept. Every query here is keyed by an edit (the input's
 * revision, or the run of the result it reads), so an older one is never asked for again, while
 * it holds that edit's result: with Query's default of five minutes, the Multimodal view kept
 * every keystroke's result alive (payload included) — 7 MB a keystroke at 10,000 messages, 217 MB
 * after 30 keystrokes (a heap snapshot of the page).
 */
export const unobservedQueryLifetime = 2_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { gcTime: unobservedQueryLifetime } } });
}
