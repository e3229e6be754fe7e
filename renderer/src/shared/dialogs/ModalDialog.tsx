import { useRef, type ReactNode } from 'react';
import { useModal } from './use-modal.ts';

/**
 * A modal dialog over a dimmed workbench (the palette, Pick component, the recording dialogs,
 * answering a held call): one at a time, Escape closes it (modal-stack.ts). A click outside closes
 * the light ones (`closeOnBackdrop`: the palette, the shortcut reference), never a form with edits.
 */
export function ModalDialog(props: {
  label: string;
  className: string;
  testId: string;
  onClose: () => void;
  closeOnBackdrop?: boolean;
  onKeyDown?: (event: React.KeyboardEvent) => void;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useModal(props.onClose, box);
  return (
    <div
      className="overlay-backdrop"
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        if (props.closeOnBackdrop && event.target === event.currentTarget) props.onClose();
      }}
    >
      <div
        ref={box}
        className={props.className}
        role="dialog"
        aria-modal="true"
        aria-label={props.label}
        data-testid={props.testId}
        onKeyDown={props.onKeyDown}
      >
        {props.children}
      </div>
    </div>
  );
}

/** A dialog's title line with its close button (×, named for screen readers and tooltips). */
export function DialogHead({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  return (
    <div className="dialog-head">
      <strong>{children}</strong>
      <button onClick={onClose} aria-label="close" title="Close (Escape)">
        ×
      </button>
    </div>
  );
}
