import type { ReactNode } from 'react';
import { showOverlay } from '../../core/ui-store.ts';

/** A dialog over a dimmed workbench that a click outside it closes (the palette, the shortcut reference). */
export function OverlayDialog(props: {
  label: string;
  className: string;
  testId: string;
  onKeyDown?: (event: React.KeyboardEvent) => void;
  children: ReactNode;
}) {
  return (
    <div className="overlay-backdrop" onMouseDown={() => showOverlay(undefined)}>
      <div
        className={props.className}
        role="dialog"
        aria-label={props.label}
        data-testid={props.testId}
        onMouseDown={(event) => event.stopPropagation()}
        onKeyDown={props.onKeyDown}
      >
        {props.children}
      </div>
    </div>
  );
}
