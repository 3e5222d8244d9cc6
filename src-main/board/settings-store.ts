import path from 'node:path';
import { boardSettingsSchema, DEFAULT_BOARD_SETTINGS, type BoardSettings } from '../../src-shared/board/rows';
import { logger } from '../log';
import { AtomicJsonFile } from '../store/atomic-file';

const log = logger('board');

/** Waiting-time thresholds and idle lock of this desk, in `board-settings.json`. */
export class BoardSettingsStore {
  private constructor(
    private readonly file: AtomicJsonFile<typeof boardSettingsSchema>,
    private value: BoardSettings,
  ) {}

  static async open(dataDir: string): Promise<BoardSettingsStore> {
    const file = new AtomicJsonFile(path.join(dataDir, 'board-settings.json'), boardSettingsSchema);
    const read = await file.read();
    if (read.status === 'corrupt') log.warn('board settings unreadable, defaults used', { reason: read.reason });
    return new BoardSettingsStore(file, read.status === 'ok' ? read.value : DEFAULT_BOARD_SETTINGS);
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
