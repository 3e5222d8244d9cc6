import { DEFAULT_BOARD_SETTINGS } from '../../src-shared/board/rows';
import { boardSettingsSchema, type BoardSettings } from '../../src-shared/board/settings';
import type { AtomicJsonFile } from '../store/atomic-file';
import { openDurable } from '../store/durable';

/** Waiting-time thresholds and idle lock of this desk, in `board-settings.json`. */
export class BoardSettingsStore {
  private constructor(
    private readonly file: AtomicJsonFile<typeof boardSettingsSchema>,
    private value: BoardSettings,
  ) {}

  static async open(dataDir: string): Promise<BoardSettingsStore> {
    const { file, value } = await openDurable(dataDir, 'board-settings.json', boardSettingsSchema);
    return new BoardSettingsStore(file, value ?? DEFAULT_BOARD_SETTINGS);
  }

  current(): BoardSettings {
    return this.value;
  }

  async save(settings: BoardSettings): Promise<BoardSettings> {
    const checked = { ...settings, redMinutes: Math.max(settings.redMinutes, settings.amberMinutes) };
    await this.file.write(checked);
    this.value = checked;
    return checked;
  }
}
