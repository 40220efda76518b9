import { beforeEach, describe, expect, it } from 'vitest';
import { createPipelineApi } from '../worker/api.ts';
import type { PageNative, PageResult } from '../worker/protocol.ts';
import { nativeArrived, nativeAheadDone, nativeShown, useNativeAhead } from './native-ahead.ts';

const payload = (text: string): PageNative => ({ openai: { text, losses: [] } });

async function resultOfRun(run: number): Promise<PageResult> {
  const response = await createPipelineApi().run({ id: run, text: '[{"role": "user", "content": "hi"}]' });
  if (response.status !== 'done') throw new Error(`not done: ${response.status}`);
  return response.result;
}

describe('native payloads ahead of their result', () => {
  beforeEach(() => useNativeAhead.setState({ run: undefined, native: undefined }));

  it('are shown while the result on screen is an older run’s, and give way to their own result', async () => {
    const older = await resultOfRun(3);
    expect(nativeShown(older, useNativeAhead.getState())).toEqual({
      native: older.views.native,
      ahead: false,
    });
    nativeArrived(4, payload('the pasted payload'));
    expect(nativeShown(older, useNativeAhead.getState())).toEqual({
      native: payload('the pasted payload'),
      ahead: true,
    });
    const own = await resultOfRun(4);
    expect(nativeShown(own, useNativeAhead.getState()).ahead).toBe(false);
    expect(nativeShown(await resultOfRun(5), useNativeAhead.getState()).ahead).toBe(false);
  });

  it('keep the newest run’s: an older run’s arriving late is dropped', () => {
    nativeArrived(7, payload('newer'));
    nativeArrived(6, payload('older'));
    expect(useNativeAhead.getState()).toEqual({ run: 7, native: payload('newer') });
  });

  it('are let go when their run is done (failed, or its result shown), not when another run is', () => {
    nativeArrived(8, payload('pasted'));
    nativeAheadDone(7);
    expect(useNativeAhead.getState().run).toBe(8);
    nativeAheadDone(8);
    expect(useNativeAhead.getState()).toEqual({ run: undefined, native: undefined });
  });
});
