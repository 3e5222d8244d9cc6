import { z } from 'zod';
import type { AtomicJsonFile } from '../store/atomic-file';
import { openDurable } from '../store/durable';

const boundsSchema = z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int().positive(), height: z.number().int().positive() });

/** A screen as it can be found again: Windows may give a TV a new id after it was unplugged, never new bounds or a new name. */
export const rememberedScreenSchema = z.object({ id: z.number().int(), label: z.string().max(200), bounds: boundsSchema });
export type RememberedScreen = z.infer<typeof rememberedScreenSchema>;

const fileSchema = z.object({
  version: z.literal(1),
  display: z.object({ open: z.boolean(), screen: rememberedScreenSchema.nullable() }),
  /** The desk's own choice; the deployment file's `startWithSession`, when set, wins. */
  startWithSession: z.boolean().default(false),
});
export type DisplayMemory = z.infer<typeof fileSchema>['display'];

/**
 * What this workstation remembers of its public display (the screen it was on, whether it
 * was open when the desk quit) and whether it starts with the session, in `workstation.json`
 * of the data folder: per computer, never per profile. A damaged file is kept aside with a
 * notice; the display then waits to be opened by hand.
 */
export class WorkstationMemory {
  private constructor(
    private readonly file: AtomicJsonFile<typeof fileSchema>,
    private value: z.output<typeof fileSchema>,
  ) {}

  static async open(dataDir: string): Promise<WorkstationMemory> {
    const { file, value } = await openDurable(dataDir, 'workstation.json', fileSchema);
    return new WorkstationMemory(file, value ?? { version: 1, display: { open: false, screen: null }, startWithSession: false });
  }

  get display(): DisplayMemory {
    return this.value.display;
  }

  get startWithSession(): boolean {
    return this.value.startWithSession;
  }

  /** On disk before it resolves: a desk switched off right after still starts as chosen. */
  async setStartWithSession(startWithSession: boolean): Promise<void> {
    this.value = { ...this.value, startWithSession };
    await this.file.write(this.value);
  }

  async rememberDisplay(display: DisplayMemory): Promise<void> {
    this.value = { ...this.value, display };
    await this.file.write(this.value);
  }
}
