import { z } from 'zod';
import { deskQueueChoiceSchema, EVERYTHING, type DeskQueue } from '../../src-shared/platform/desks';
import type { AtomicJsonFile } from '../store/atomic-file';
import { openDurable } from '../store/durable';

/**
 * As this desk writes it: all three lists, always. The platform's answers may leave a
 * list out (read as "every"), this file may not: a missing list here is a damaged file,
 * never a silent "serves everything" (a scanner-only desk calling every exam type).
 */
const fileSchema = z.object({
  examTypeIds: z.array(deskQueueChoiceSchema),
  rooms: z.array(deskQueueChoiceSchema),
  practitioners: z.array(deskQueueChoiceSchema),
});

/**
 * What this workstation's desk serves, in `desk-queue.json` (atomic writes): kept across
 * restarts, "everything" until chosen. A damaged file is kept aside, the desk serves
 * everything again and staff are told at start, so they can choose the queue again.
 */
export class DeskQueueStore {
  private constructor(
    private readonly file: AtomicJsonFile<typeof fileSchema>,
    private value: DeskQueue,
  ) {}

  static async open(dataDir: string): Promise<DeskQueueStore> {
    const { file, value } = await openDurable(dataDir, 'desk-queue.json', fileSchema);
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
