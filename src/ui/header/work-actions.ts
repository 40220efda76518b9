/** What replaces the input from outside (a file, a sample, "New") keeps the current work as a version first. */
import { readShareFile } from '../../core/share/permalink.ts';
import { useInputStore } from '../../state/input-store.ts';
import { applySharedState } from '../../state/shared-state.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { rememberVersion } from '../../state/versions.ts';
import { readTextFile } from '../lib/files.ts';

async function keepCurrent(label: string): Promise<void> {
  await rememberVersion(useInputStore.getState().text, label);
}

export async function openFile(file: File): Promise<void> {
  const read = await readTextFile(file);
  if ('error' in read) {
    useUiStore.getState().noticeShown({ tone: 'error', text: read.error });
    return;
  }
  await keepCurrent(`Before opening ${file.name}`);
  const share = readShareFile(read.text);
  if (share && !share.ok) {
    useUiStore.getState().noticeShown({ tone: 'error', text: share.reason });
    return;
  }
  if (share?.ok) applySharedState(share.state);
  else useInputStore.getState().fileOpened(read.text);
  await rememberVersion(useInputStore.getState().text, `Opened ${file.name}`);
}

export async function openSample(text: string): Promise<void> {
  await keepCurrent('Before opening a sample');
  useInputStore.getState().sampleOpened(text);
  await rememberVersion(text, 'A sample');
}

export async function startNew(): Promise<void> {
  await keepCurrent('Before New');
  useInputStore.getState().newStarted();
}
