/**
 * An editor's options set on that editor alone. Monaco's standalone `updateOptions` first writes
 * every option it is given into the one configuration all editors share, reading that whole
 * configuration back for each key, and then sets them on the editor as its base class does. The
 * app switches an editor's options for long lines and large texts as a paste goes in and again as
 * its payload is shown: the input's switch took 7–15 ms of the paste's first task (1 MB message,
 * three fresh pages), 3–5 without the shared configuration. Nothing here reads editor options from
 * that configuration: each editor is given its own, and the text models' (bracket colours) are
 * set on the models (long-lines.ts `colourBrackets`).
 */

interface OptionsOwner {
  updateOptions(options: object): void;
}

/**
 * From here on, `editor.updateOptions` is the base class's (the code editor widget's): the first
 * `updateOptions` above the editor's own class in its prototype chain. Left as it is when the chain
 * has no second one (another Monaco).
 */
export function keepOptionsToEditor(editor: OptionsOwner): void {
  const own = findUpdateOptions(Object.getPrototypeOf(editor) as object | null);
  const base = own && findUpdateOptions(Object.getPrototypeOf(own.holder) as object | null);
  if (!base) return;
  const setOnEditor = base.update;
  editor.updateOptions = (options: object) => setOnEditor.call(editor, options);
}

function findUpdateOptions(
  from: object | null,
): { holder: object; update: OptionsOwner['updateOptions'] } | undefined {
  for (let proto = from; proto; proto = Object.getPrototypeOf(proto) as object | null) {
    const update: unknown = Object.getOwnPropertyDescriptor(proto, 'updateOptions')?.value;
    if (typeof update === 'function')
      return { holder: proto, update: update as OptionsOwner['updateOptions'] };
  }
  return undefined;
}
