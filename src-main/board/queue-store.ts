import { deskQueueSchema, EVERYTHING, type DeskQueue } from '../../src-shared/platform/desks';
import path from 'node:path';
import { logger } from '../log';
import { AtomicJsonFile } from '../store/atomic-file';

const log = logger('desk-queue');

/**
 * What this workstation's desk serves, in `desk-queue.json` (atomic writes): kept across
 * restarts, "everything" until chosen. A damaged file is kept aside and the desk serves
 * everything again — nothing is lost that staff cannot choose again in a moment.
 */
export class DeskQueueStore {
  private constructor(
    private readonly file: AtomicJsonFile<typeof deskQueueSchema>,
    private value: DeskQueue,
  ) {}

  static async open(dataDir: string): Promise<DeskQueueStore> {
    const file = new AtomicJsonFile(path.join(dataDir, 'desk-queue.json'), deskQueueSchema);
    const read = await file.read();
    if (read.status !== 'ok' && read.status !== 'missing') log.warn('desk queue unreadable, serving everything');
    return new DeskQueueStore(file, read.status === 'ok' ? read.value : EVERYTHING);
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
