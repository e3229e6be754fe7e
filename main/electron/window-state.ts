import { screen, type BrowserWindow, type Rectangle } from 'electron';
import { readFileSync, writeFileSync } from 'node:fs';

const DEFAULT: Rectangle = { x: 0, y: 0, width: 1400, height: 900 };

/** The last window geometry, if it still fits on a connected display. */
export function restoreBounds(file: string): Partial<Rectangle> {
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Rectangle;
    const visible = screen.getAllDisplays().some((display) => {
      const area = display.workArea;
      return (
        saved.x < area.x + area.width &&
        saved.x + saved.width > area.x &&
        saved.y < area.y + area.height &&
        saved.y + saved.height > area.y
      );
    });
    return visible ? saved : { width: saved.width, height: saved.height };
  } catch {
    return { width: DEFAULT.width, height: DEFAULT.height };
  }
}

export function rememberBounds(window: BrowserWindow, file: string): void {
  const save = () => {
    if (!window.isDestroyed() && !window.isMinimized() && !window.isFullScreen()) {
      writeFileSync(file, JSON.stringify(window.getNormalBounds()));
    }
  };
  window.on('resize', save);
  window.on('move', save);
  window.on('close', save);
}
