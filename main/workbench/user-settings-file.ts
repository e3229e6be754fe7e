// The user's own workbench settings, the same in every workspace (as VS Code's user settings
// are): the theme. `settings.json` in the user's settings folder (main/trust/user-config-folder.ts),
// which no workspace writes. A file that is not what Brainbench writes is set aside, not lost, and
// the settings start from their defaults, with a notice.

import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { THEME_CHOICES, type ThemeChoice } from '../../contract/ui-settings-bounds.ts';
import { writeFileDurably } from './durable-write.ts';

const FILE = 'settings.json';

const userSettingsSchema = z.object({ version: z.literal(1), theme: z.enum(THEME_CHOICES).optional() }).strict();

export type UserSettings = z.infer<typeof userSettingsSchema>;

export class UserSettingsFile {
  readonly file: string;
  private settings: UserSettings | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly folder: string,
    private readonly warn: (message: string) => void,
  ) {
    this.file = join(folder, FILE);
  }

  /** The theme the user chose, undefined while they have chosen none. */
  theme(): ThemeChoice | undefined {
    return this.read().theme;
  }

  /** Keeps the user's theme; a theme already kept is not written again. */
  async saveTheme(theme: ThemeChoice): Promise<void> {
    if (this.read().theme === theme) return this.writing;
    const settings: UserSettings = { ...this.read(), theme };
    this.settings = settings;
    const write = this.writing.then(async () => {
      mkdirSync(this.folder, { recursive: true });
      await writeFileDurably(this.file, `${JSON.stringify(settings, null, 2)}\n`);
    });
    this.writing = write.catch(() => undefined);
    return write;
  }

  private read(): UserSettings {
    this.settings ??= this.load();
    return this.settings;
  }

  private load(): UserSettings {
    if (!existsSync(this.file)) return { version: 1 };
    try {
      return userSettingsSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')));
    } catch (error) {
      const kept = `${this.file}.unreadable-${Date.now()}`;
      renameSync(this.file, kept);
      const why = error instanceof z.ZodError ? 'it does not have the expected shape' : (error as Error).message;
      this.warn(`${this.file} could not be used (${why}); it was kept as ${kept}`);
      return { version: 1 };
    }
  }
}
