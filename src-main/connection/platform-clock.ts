import { isDrifting, medianOffset, UNMEASURED_CLOCK, type PlatformClock } from '../../src-shared/clock';

/** Recent samples the offset is the median of: a few minutes of a working desk's answers. */
export const CLOCK_SAMPLES_KEPT = 9;
/** The offset is told again once it moved this much (a Date header is only to the second). */
const TOLD_AGAIN_MS = 1_500;
/** An event later than the platform's estimated now by less than this is latency or rounding, not drift. */
const EVENT_AHEAD_MS = 1_000;

export interface PlatformClockWatchOptions {
  /** Told when the offset moved or started or stopped drifting (the renderer redraws its waits). */
  changed?: (clock: PlatformClock) => void;
  keep?: number;
}

/**
 * The gap between this desk's clock and the platform's. Waits are counted from the platform's
 * timestamps, so a desk whose clock is 3 minutes off would show wrong waits and colours: main
 * measures the gap from the platform's answers and the renderer counts on platform time.
 */
export class PlatformClockWatch {
  private samples: number[] = [];
  private measuredAt: number | null = null;
  private told: PlatformClock = UNMEASURED_CLOCK;

  constructor(private readonly options: PlatformClockWatchOptions = {}) {}

  /**
   * An answer's HTTP `Date`, sent between `sentAt` and `receivedAt` (desk clock). The header is
   * truncated to the second: its middle is the best guess, against the middle of the exchange.
   */
  observeDate(header: string | null, sentAt: number, receivedAt: number): void {
    if (!header) return;
    const at = Date.parse(header);
    if (Number.isNaN(at)) return;
    this.add(at + 500 - (sentAt + receivedAt) / 2, receivedAt);
  }

  /**
   * A live event's time. Events may be old (a resumed stream replays them), so only one later than
   * the platform's estimated now says something: the desk's clock is behind by at least that much.
   */
  observeEvent(iso: string, receivedAt: number): void {
    const at = Date.parse(iso);
    if (Number.isNaN(at) || at - (receivedAt + this.offsetMs()) <= EVENT_AHEAD_MS) return;
    this.add(at - receivedAt, receivedAt);
  }

  offsetMs(): number {
    return medianOffset(this.samples);
  }

  reading(): PlatformClock {
    if (this.samples.length === 0 || this.measuredAt === null) return UNMEASURED_CLOCK;
    const offsetMs = this.offsetMs();
    return { offsetMs, samples: this.samples.length, drifting: isDrifting(offsetMs), measuredAt: new Date(this.measuredAt + offsetMs).toISOString() };
  }

  private add(offsetMs: number, deskAt: number): void {
    this.samples = [...this.samples, Math.round(offsetMs)].slice(-(this.options.keep ?? CLOCK_SAMPLES_KEPT));
    this.measuredAt = deskAt;
    const clock = this.reading();
    if (this.told.samples === 0 || clock.drifting !== this.told.drifting || Math.abs(clock.offsetMs - this.told.offsetMs) >= TOLD_AGAIN_MS) {
      this.told = clock;
      this.options.changed?.(clock);
    }
  }
}

/** What the diagnostics export says of the clock: the reading and one plain sentence, no patient data. */
export interface ClockDiagnostics extends PlatformClock {
  summary: string;
}

export function clockDiagnostics(watch: Pick<PlatformClockWatch, 'reading'>): ClockDiagnostics {
  const clock = watch.reading();
  return { ...clock, summary: clockSummary(clock) };
}

function clockSummary(clock: PlatformClock): string {
  if (clock.samples === 0) return 'The platform has not answered yet: the desk counts waits on its own clock.';
  const seconds = Math.round(Math.abs(clock.offsetMs) / 1000);
  const gap = `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
  const side = clock.offsetMs > 0 ? 'behind' : 'ahead of';
  if (!clock.drifting) return `The desk's clock agrees with the platform's (${gap} ${side}); waits are counted on platform time.`;
  return `The desk's clock is ${gap} ${side} the platform's: waits are counted on platform time; set the workstation's clock (time synchronisation).`;
}
