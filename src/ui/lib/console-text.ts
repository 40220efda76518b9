/** The console timeline as text, from the worker: the page holds its entries, not the text they make. */
import { requestFor, useInputStore } from '../../state/input-store.ts';
import { pipelineClient } from '../../state/pipeline-client.ts';

export async function consoleText(): Promise<string> {
  const rendered = await pipelineClient().render(requestFor(useInputStore.getState()), 'console');
  return rendered.text;
}
