import { describe, expect, it } from 'vitest';
import { createPipelineApi } from './api.ts';

const text = '[{"role": "user", "content": "hi"}]';

describe('pipeline worker api', () => {
  it('runs the pipeline', async () => {
    const response = await createPipelineApi().run({ id: 1, text });
    expect(response.status).toBe('done');
    if (response.status === 'done') expect(response.result.detected.format).toBe('openai-chat');
  });

  it('lets the newest request win', async () => {
    const api = createPipelineApi();
    const older = api.run({ id: 1, text });
    const newer = api.run({ id: 2, text });
    expect((await older).status).toBe('superseded');
    expect((await newer).status).toBe('done');
    expect((await api.run({ id: 1, text })).status).toBe('superseded');
  });

  it('stops a cancelled request', async () => {
    const api = createPipelineApi();
    const run = api.run({ id: 5, text });
    api.cancel(5);
    expect((await run).status).toBe('superseded');
  });

  it('refuses a malformed request at the boundary', async () => {
    await expect(createPipelineApi().run({ id: -1, text } as never)).rejects.toThrow();
  });
});
