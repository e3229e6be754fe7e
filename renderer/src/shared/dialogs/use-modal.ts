import { useEffect, useRef, type RefObject } from 'react';
import { openModal } from './modal-stack.ts';

const FOCUSABLE = 'input, select, textarea, button, [tabindex]:not([tabindex="-1"])';

/**
 * Makes the element a modal dialog for as long as it is shown: registered in the modal stack
 * (Escape calls `onClose`), the focus moved into it when it opens (unless something in it has it
 * already) and given back to where it was when it closes.
 */
export function useModal(onClose: () => void, box: RefObject<HTMLElement | null>): void {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unregister = openModal(() => close.current());
    const element = box.current;
    if (element && !element.contains(document.activeElement)) {
      (element.querySelector<HTMLElement>('[autofocus]') ?? element.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    }
    return () => {
      unregister();
      if (before?.isConnected) before.focus();
    };
  }, [box]);
}
