/** Monaco's modules the app reaches past its API, as far as it uses them (each use says why). */
declare module 'monaco-editor/editor/common/model/editStack' {
  /** One model's undo step (undo-step-text.ts). */
  export const SingleModelEditStackElement: { prototype: object };
  /** An undo step's changes before they are written out. */
  export const SingleModelEditStackData: abstract new (...args: never[]) => {
    changes: Array<{ oldText: string; newText: string }>;
  };
}

declare module 'monaco-editor/editor/common/model/textModel' {
  /**
   * The text model's class, for the sizes from which a model made now is a large file's
   * (large-file-model.ts): read once, when a model is made.
   */
  export const TextModel: { LARGE_FILE_SIZE_THRESHOLD: number };
}
