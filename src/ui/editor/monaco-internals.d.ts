/** Monaco's modules the app reaches past its API, as far as it uses them (each use says why). */
declare module 'monaco-editor/editor/common/model/editStack' {
  /** One model's undo step (undo-step-text.ts). */
  export const SingleModelEditStackElement: { prototype: object };
  /** An undo step's changes before they are written out. */
  export const SingleModelEditStackData: abstract new (...args: never[]) => {
    changes: Array<{ oldText: string; newText: string }>;
  };
}
