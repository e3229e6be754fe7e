import { COMMANDS, showChord } from '../../../../contract/commands.ts';
import { showOverlay } from '../../core/ui-store.ts';
import { OverlayDialog } from '../../shared/dialogs/OverlayDialog.tsx';

/** Every key of the registry, by menu: what the docs' table lists (a test keeps them equal). */
export function ShortcutReference() {
  const close = () => showOverlay(undefined);
  const bound = COMMANDS.filter((command) => 'keys' in command);
  return (
    <OverlayDialog
      label="Keyboard shortcuts"
      className="dialog shortcut-reference"
      testId="shortcut-reference"
      onKeyDown={(event) => event.key === 'Escape' && close()}
    >
      <div className="dialog-head">
        <strong>Keyboard shortcuts</strong>
        <button autoFocus onClick={close} aria-label="close">
          ×
        </button>
      </div>
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
    </OverlayDialog>
  );
}
