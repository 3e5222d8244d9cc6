import {
  printingSettingsSchema,
  type PrinterSettings,
  type PrintingSettings,
} from '../../src-shared/ipc/features/printing.contract';
import type { TicketLayoutSettings } from '../../src-shared/printing/layout';
import type { AtomicJsonFile } from '../store/atomic-file';
import { openDurable } from '../store/durable';
import { GENERIC_MODEL } from './models';

export const DEFAULT_FOOTER = {
  fr: 'Merci de patienter : votre numéro sera appelé à l’écran.',
  en: 'Please take a seat: your number will be called on screen.',
} as const;

export interface SettingsDefaults {
  training: boolean;
  /** Name and visible id per office place known without asking anyone (training sandbox). */
  places: Map<number, { name: string; visibleId: string }>;
  fallbackName: string;
}

/**
 * The desk's printer and ticket settings (`printing.json`, atomic writes). Training
 * prints to the preview by default; a real desk has no printer until a technician
 * chooses one, so nothing is ever "printed" into the void.
 */
export class PrintingSettingsStore {
  private constructor(
    private readonly file: AtomicJsonFile<typeof printingSettingsSchema>,
    private value: PrintingSettings,
    private readonly defaults: SettingsDefaults,
  ) {}

  static async open(dataDir: string, defaults: SettingsDefaults): Promise<PrintingSettingsStore> {
    const { file, value } = await openDurable(dataDir, 'printing.json', printingSettingsSchema);
    return new PrintingSettingsStore(file, value ?? { printer: defaultPrinter(defaults.training), layouts: {} }, defaults);
  }

  get current(): PrintingSettings {
    return this.value;
  }

  get printer(): PrinterSettings {
    return this.value.printer;
  }

  layoutFor(officePlaceId: number | null): TicketLayoutSettings {
    const saved = officePlaceId === null ? undefined : this.value.layouts[String(officePlaceId)];
    if (saved) return saved;
    const place = officePlaceId === null ? undefined : this.defaults.places.get(officePlaceId);
    return {
      establishmentName: place?.name ?? this.defaults.fallbackName,
      officePlaceVisibleId: place?.visibleId ?? '',
      showQr: true,
      footer: DEFAULT_FOOTER.fr,
      language: 'fr',
    };
  }

  async save(printer: PrinterSettings, layout?: { officePlaceId: number; settings: TicketLayoutSettings }): Promise<void> {
    const next: PrintingSettings = {
      printer,
      layouts: layout ? { ...this.value.layouts, [String(layout.officePlaceId)]: layout.settings } : this.value.layouts,
    };
    await this.file.write(next);
    this.value = next;
  }
}

function defaultPrinter(training: boolean): PrinterSettings {
  return { target: training ? { kind: 'preview' } : null, model: GENERIC_MODEL, codePage: 'cp858', paperWidth: 80 };
}
