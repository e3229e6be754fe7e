// One modal at a time (docs/workbench.md): the open dialogs in the order they opened. The top one
// owns the keyboard: Escape closes it, and no shortcut, palette entry or menu command opens a
// dialog over it. A dialog opened from inside the top one by a click (the value viewer over the
// Fork dialog) stacks on it, and Escape closes that one first.

interface Modal {
  id: number;
  close: () => void;
}

const stack: Modal[] = [];
let nextId = 1;

function onKeyDown(event: KeyboardEvent): void {
  // A widget that used the key itself (Monaco's suggestions, a select's list) keeps it.
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const top = stack.at(-1);
  if (!top) return;
  event.preventDefault();
  event.stopPropagation();
  top.close();
}

/** Registers an open dialog; the answer unregisters it. `close` is what Escape does to it. */
export function openModal(close: () => void): () => void {
  const modal = { id: nextId++, close };
  if (stack.length === 0) window.addEventListener('keydown', onKeyDown);
  stack.push(modal);
  return () => {
    const at = stack.findIndex((m) => m.id === modal.id);
    if (at >= 0) stack.splice(at, 1);
    if (stack.length === 0) window.removeEventListener('keydown', onKeyDown);
  };
}

/** Whether a dialog is open: commands that would open another one wait until it closes. */
export function modalOpen(): boolean {
  return stack.length > 0;
}
