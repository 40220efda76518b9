/** What replaces the input from outside (a file, a sample, "New") keeps the current work as a version first. */
import { readShareFile } from '../../core/share/permalink.ts';
import { useInputStore } from '../../state/input-store.ts';
import { applySharedState } from '../../state/shared-state.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { keepVersion, pipelineClient } from '../../state/pipeline-client.ts';
import { maxFileBytes, readTextFile, streamedFileBytes } from '../lib/files.ts';

async function keepCurrent(label: string): Promise<void> {
  await keepVersion(useInputStore.getState().text, label);
}

export async function openFile(file: File): Promise<void> {
  // Too large for the editor: read in the worker as a session, if it is one.
  if (file.size >= streamedFileBytes) {
    const streamed = await openSessionFile(file);
    if (streamed !== 'not-a-session') return;
    if (file.size > maxFileBytes) {
      useUiStore.getState().noticeShown({
        tone: 'error',
        text: `${file.name} is ${(file.size / 1e6).toFixed(0)} MB and not a session file: text is read up to 64 MB.`,
      });
      return;
    }
  }
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
  await keepVersion(useInputStore.getState().text, `Opened ${file.name}`);
}

/** Reads a session file in the worker with progress; a cancel or a refusal says so. */
/** The file being read: a second one opened meanwhile replaces it (the worker stops the first). */
let openingNumber = 0;

async function openSessionFile(file: File): Promise<'opened' | 'cancelled' | 'not-a-session'> {
  const ui = useUiStore.getState();
  const number = ++openingNumber;
  const current = () => number === openingNumber;
  ui.openingProgressed({ name: file.name, bytes: 0, total: file.size, lines: 0 });
  try {
    const result = await pipelineClient().openSessionFile(file, file.name, (progress) => {
      if (current()) useUiStore.getState().openingProgressed({ name: file.name, ...progress });
    });
    if (result.status === 'refused') return 'not-a-session';
    if (result.status === 'cancelled') {
      if (current())
        ui.noticeShown({ tone: 'info', text: `Opening ${file.name} was cancelled; the input is as it was.` });
      return 'cancelled';
    }
    await keepCurrent(`Before opening ${file.name}`);
    useInputStore.getState().sessionFileOpened({ name: file.name, bytes: result.bytes, lines: result.lines });
    return 'opened';
  } catch (error) {
    ui.noticeShown({ tone: 'error', text: `${file.name} could not be read: ${(error as Error).message}` });
    return 'cancelled';
  } finally {
    if (current()) useUiStore.getState().openingProgressed(undefined);
  }
}

export function cancelOpening(): void {
  void pipelineClient().cancelOpen();
}

/** The session file is closed: the worker lets it go, the input is empty again. */
export async function closeSessionFile(): Promise<void> {
  await pipelineClient().closeOpened();
  useInputStore.getState().newStarted();
}

export async function openSample(text: string): Promise<void> {
  await keepCurrent('Before opening a sample');
  useInputStore.getState().sampleOpened(text);
  await keepVersion(text, 'A sample');
}

export async function startNew(): Promise<void> {
  await keepCurrent('Before New');
  useInputStore.getState().newStarted();
}
