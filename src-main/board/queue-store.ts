import { deskQueueSchema, EVERYTHING, type DeskQueue } from '../../src-shared/platform/desks';
import type { AtomicJsonFile } from '../store/atomic-file';
import { openDurable } from '../store/durable';

/**
 * What this workstation's desk serves, in `desk-queue.json` (atomic writes): kept across
 * restarts, "everything" until chosen. A damaged file is kept aside, the desk serves
 * everything again and staff are told at start, so they can choose the queue again.
 */
export class DeskQueueStore {
  private constructor(
    private readonly file: AtomicJsonFile<typeof deskQueueSchema>,
    private value: DeskQueue,
  ) {}

  static async open(dataDir: string): Promise<DeskQueueStore> {
    const { file, value } = await openDurable(dataDir, 'desk-queue.json', deskQueueSchema);
    return new DeskQueueStore(file, value ?? EVERYTHING);
  }

  current(): DeskQueue {
    return this.value;
  }

  async save(queue: DeskQueue): Promise<DeskQueue> {
    const tidy = (values: readonly string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b));
    const checked = { examTypeIds: tidy(queue.examTypeIds), rooms: tidy(queue.rooms), practitioners: tidy(queue.practitioners) };
    await this.file.write(checked);
    this.value = checked;
    return checked;
  }
}
