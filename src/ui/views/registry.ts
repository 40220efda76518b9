/** The views, as one list (STYLE.md 10): adding a view is one line here and a component. */
import type { ComponentType } from 'react';
import type { ViewId } from '../../state/ui-store.ts';
import { ConsoleView } from './console-view.tsx';
import { MultimodalView } from './multimodal-view.tsx';
import { NativeView } from './native-view.tsx';
import { PromptView } from './prompt-view.tsx';
import { SessionView } from './session-view.tsx';
import { TokenView } from './token-view.tsx';
import type { ViewProps } from './view-props.ts';

export interface ViewDefinition {
  id: ViewId;
  label: string;
  /** Alt + this key maximizes the view (and restores the layout when pressed again). */
  shortcut: string;
  Component: ComponentType<ViewProps>;
}

export const views = [
  { id: 'console', label: 'Console timeline', shortcut: '1', Component: ConsoleView },
  { id: 'native', label: 'Native payload', shortcut: '2', Component: NativeView },
  { id: 'multimodal', label: 'Multimodal message', shortcut: '3', Component: MultimodalView },
  { id: 'tokens', label: 'Token budget', shortcut: '4', Component: TokenView },
  // Takes the multimodal view's place in the layout when the input is an agent's session.
  { id: 'session', label: 'Session', shortcut: '5', Component: SessionView },
  // Shares the multimodal view's place: shown there for an open-weight model, a tab away otherwise.
  { id: 'prompt', label: 'Prompt', shortcut: '6', Component: PromptView },
] as const satisfies readonly ViewDefinition[];
