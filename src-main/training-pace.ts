/** Training mode's pace of simulated kiosk arrivals, so the board lives without a kiosk. */
export const TRAINING_KIOSK_INTERVAL_MS = 90_000;
