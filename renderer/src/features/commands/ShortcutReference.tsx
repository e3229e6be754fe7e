import { COMMANDS, showChord } from '../../../../contract/commands.ts';
import { showOverlay } from '../../core/ui-store.ts';
import { DialogHead, ModalDialog } from '../../shared/dialogs/ModalDialog.tsx';

/** Every key of the registry, by menu: what the docs' table lists (a test keeps them equal). */
export function ShortcutReference() {
  const close = () => showOverlay(undefined);
  const bound = COMMANDS.filter((command) => 'keys' in command);
  return (
    <ModalDialog
      label="Keyboard shortcuts"
      className="dialog shortcut-reference"
      testId="shortcut-reference"
      onClose={close}
      closeOnBackdrop
    >
      <DialogHead onClose={close}>Keyboard shortcuts</DialogHead>
      <table>
        <tbody>
          {bound.map((command) => (
            <tr key={command.id} data-testid={`shortcut-${command.id}`}>
              <td>
                {command.keys.map((chord) => (
                  <kbd key={chord}>{showChord(chord)}</kbd>
                ))}
              </td>
              <td>
                {'detail' in command ? command.detail : command.title}
                {'electronOnly' in command ? <span className="dim"> (Electron menu)</span> : null}
              </td>
              <td className="dim">{command.menu}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ModalDialog>
  );
}
