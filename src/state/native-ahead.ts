/**
 * A run's native payloads ahead of its result. The worker writes them before it counts the
 * messages, when that count is long (PipelineOptions.onNative), so the Native view's editor takes
 * a multi-megabyte payload in while the worker counts, instead of after the result (at 10,000
 * messages, ~0.5 s of the page after ~0.4–0.7 s of counting, profiled). A result of their run or a later one takes their
 * place in the view, which then lets them go; so does their run failing. A newer run's replace them.
 */
import { create } from 'zustand';
import type { PageNative, PageResult } from '../worker/protocol.ts';

export interface NativeAhead {
  /** The request that wrote them: its result will carry the same payloads. */
  run?: number;
  native?: PageNative;
}

export const useNativeAhead = create<NativeAhead>(() => ({}));

export function nativeArrived(run: number, native: PageNative): void {
  const held = useNativeAhead.getState().run;
  if (held === undefined || run > held) useNativeAhead.setState({ run, native });
}

/** Their run failed (the view goes back to the result shown), or its result is shown: they are let go. */
export function nativeAheadDone(run: number): void {
  if (useNativeAhead.getState().run === run) useNativeAhead.setState({ run: undefined, native: undefined });
}

/** The payloads to show with `result`: those sent ahead while the result is older than their run. */
export function nativeShown(result: PageResult, ahead: NativeAhead): { native: PageNative; ahead: boolean } {
  return ahead.native && ahead.run !== undefined && ahead.run > result.run
    ? { native: ahead.native, ahead: true }
    : { native: result.views.native, ahead: false };
}
