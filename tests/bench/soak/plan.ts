/**
 * The compressed reception day the soak plays: how much of each thing happens in each
 * simulated hour. Pure, so the day's shape is the same on every run and machine.
 */
export interface SoakScale {
  /** Simulated hours (the table has one row per hour). */
  hours: number;
  /** Kiosk and desk arrivals over the whole day. */
  arrivals: number;
  /** Share of arrivals checked in at a desk (with a printed ticket) rather than at a kiosk. */
  deskArrivalShare: number;
  lockCycles: number;
  statisticsOpens: number;
  /** Event→screen samples per hour on the probe desk. */
  probesPerHour: number;
  /**
   * Samples in the first and the last hour, the two whose p95s `soak.event_to_dom_p95_last_hour_ms`
   * compares: a p95 of 40 is the hour's third slowest probe, and two such ranks apart by 1.2 passed
   * one short day in two with nothing changed (29 Nov 2026); of 120 it is the seventh.
   */
  probesComparedHours: number;
  /** Real seconds the platform and the publisher stay down, each of the two outages. */
  outageSeconds: number;
  /** Real seconds the printer stays unplugged. */
  unpluggedSeconds: number;
}

export const FULL_DAY: SoakScale = {
  hours: 10,
  arrivals: 2_000,
  deskArrivalShare: 0.15,
  lockCycles: 50,
  statisticsOpens: 20,
  probesPerHour: 40,
  probesComparedHours: 120,
  outageSeconds: 30,
  unpluggedSeconds: 20,
};

/** The same day in miniature, for `npm run bench` on a shared machine: every kind of event, fewer of them. */
export const SHORT_DAY: SoakScale = {
  hours: 10,
  arrivals: 100,
  deskArrivalShare: 0.15,
  lockCycles: 10,
  statisticsOpens: 10,
  // The hour's p95 is its third slowest probe: with 20 it was the second, and one stall of a busy two-core
  // machine (a probe 150 ms late before it reached the desk) moved it by half (short days' hours 37–98 ms).
  probesPerHour: 40,
  probesComparedHours: 120,
  outageSeconds: 6,
  unpluggedSeconds: 4,
};

export interface HourPlan {
  hour: number;
  arrivals: number;
  deskArrivals: number;
  lockCycles: number;
  statisticsOpens: number;
  probes: number;
  /** The platform and the publisher go down (for `outageSeconds`) in this hour. */
  outage: boolean;
  printerUnplugged: boolean;
}

/** Spreads `total` over `hours` so the sum is exact and no hour differs from another by more than one. */
export function spread(total: number, hours: number, hour: number): number {
  return Math.floor(((hour + 1) * total) / hours) - Math.floor((hour * total) / hours);
}

export function planDay(scale: SoakScale): HourPlan[] {
  // Outages in the morning and the afternoon; the printer unplugged around midday.
  const outages = new Set([Math.floor(scale.hours * 0.3), Math.floor(scale.hours * 0.7)]);
  const unplugged = Math.floor(scale.hours / 2);
  return Array.from({ length: scale.hours }, (_, hour) => {
    const arrivals = spread(scale.arrivals, scale.hours, hour);
    return {
      hour,
      arrivals,
      deskArrivals: Math.round(arrivals * scale.deskArrivalShare),
      lockCycles: spread(scale.lockCycles, scale.hours, hour),
      statisticsOpens: spread(scale.statisticsOpens, scale.hours, hour),
      probes: hour === 0 || hour === scale.hours - 1 ? scale.probesComparedHours : scale.probesPerHour,
      outage: outages.has(hour),
      printerUnplugged: hour === unplugged,
    };
  });
}
