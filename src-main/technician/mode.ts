import { timingSafeEqual } from 'node:crypto';
import { DeskError } from '../../src-shared/errors';
import type { StaffSession } from '../../src-shared/ipc/contract';
import type { TechnicianOpenRequest, TechnicianState } from '../../src-shared/ipc/features/technician.contract';
import type { DeskEvents } from '../events/bus';
import { logger } from '../log';
import { AttemptThrottle, type AttemptPolicy } from '../security/attempts';
import type { TechnicianPinStore } from './pin-store';

const log = logger('technician');

/** Technician mode closes after this long without a technician action. */
export const TECHNICIAN_IDLE_MS = 15 * 60_000;
/** Wrong PINs in a row before the PIN is refused for a while: a 4-digit PIN must not be guessed by trying. */
export const TECHNICIAN_MAX_FAILURES = 5;
/** The first wait; each further wrong PIN doubles it, up to an hour. */
export const TECHNICIAN_LOCKOUT_MS = 5 * 60_000;
const TECHNICIAN_PIN_ATTEMPTS: AttemptPolicy = { freeAttempts: TECHNICIAN_MAX_FAILURES, firstWaitMs: TECHNICIAN_LOCKOUT_MS, maxWaitMs: 60 * 60_000 };
/** The Training profile's PIN, printed in the README and shown in the unlock dialog in training. */
export const TRAINING_TECHNICIAN_PIN = '1234';

/**
 * The desk's supervisor rule. The publisher's staff sign-in answers no role, only the
 * offices the account covers: a staff member covering more than one office place
 * supervises them (the training `superviseur` covers Lyon and Villeurbanne; `accueil`
 * only Lyon). Documented in docs/access-rules.md.
 */
export function isSupervisor(session: StaffSession | null): boolean {
  return session !== null && session.offices.length > 1;
}

export interface TechnicianModeDeps {
  pins: Pick<TechnicianPinStore, 'isSet' | 'set' | 'matches'>;
  staff: { current(): StaffSession | null };
  events: DeskEvents;
  /** The Training profile's PIN, or null on a real profile. */
  trainingPin: string | null;
  idleMs?: number;
  now?: () => number;
}

/**
 * Technician mode: printer and connection settings unlocked on this desk, by the local
 * PIN or a signed-in supervisor. It closes by hand, after a quiet while, when staff sign
 * out and when the board locks. Held in main only; the renderer sees `TechnicianState`.
 */
export class TechnicianMode {
  private expiresAt: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly attempts: AttemptThrottle;
  private readonly idleMs: number;
  private readonly now: () => number;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: TechnicianModeDeps) {
    this.idleMs = deps.idleMs ?? TECHNICIAN_IDLE_MS;
    this.now = deps.now ?? Date.now;
    this.attempts = new AttemptThrottle(TECHNICIAN_PIN_ATTEMPTS, this.now);
    this.unsubscribe = deps.events.subscribe((event, payload) => {
      const signedOut = event === 'staff/sessionChanged' && payload === null;
      const locked = event === 'board/locked' && payload !== null;
      if (signedOut || locked) this.close();
      else if (event === 'staff/sessionChanged') this.emit();
    });
  }

  state(): TechnicianState {
    const open = this.isOpen();
    return {
      open,
      expiresAt: open && this.expiresAt !== null ? new Date(this.expiresAt).toISOString() : null,
      pinSet: this.deps.trainingPin !== null || this.deps.pins.isSet(),
      supervisorSignedIn: isSupervisor(this.deps.staff.current()),
      trainingPin: this.deps.trainingPin,
    };
  }

  isOpen(): boolean {
    if (this.expiresAt !== null && this.now() >= this.expiresAt) this.close();
    return this.expiresAt !== null;
  }

  /** A technician action: allowed while open, and it keeps technician mode open for another idle period. */
  use(): boolean {
    if (!this.isOpen()) return false;
    this.extend();
    this.emit();
    return true;
  }

  async open(request: TechnicianOpenRequest): Promise<TechnicianState> {
    if (request.with === 'supervisor') {
      if (!isSupervisor(this.deps.staff.current())) throw new DeskError('SUPERVISOR_REQUIRED', 'Only a signed-in supervisor opens technician mode without the PIN.');
    } else {
      await this.checkPin(request.pin);
    }
    log.info('technician mode opened', { with: request.with });
    this.extend();
    this.emit();
    return this.state();
  }

  close(): TechnicianState {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.expiresAt !== null) {
      this.expiresAt = null;
      log.info('technician mode closed');
      this.emit();
    }
    return this.state();
  }

  /** Sets or changes the local PIN (the access rule has already required technician mode). */
  async setPin(pin: string): Promise<TechnicianState> {
    await this.deps.pins.set(pin);
    this.attempts.succeeded();
    this.extend();
    this.emit();
    return this.state();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.unsubscribe();
  }

  private async checkPin(pin: string): Promise<void> {
    const wait = this.attempts.remainingMs();
    if (wait > 0) throw new DeskError('TECHNICIAN_PIN_LOCKED', 'Too many wrong technician PINs: try again later.', { retryAfterSeconds: Math.ceil(wait / 1000) });
    if (this.deps.trainingPin === null && !this.deps.pins.isSet()) {
      throw new DeskError('TECHNICIAN_NO_PIN', 'No technician PIN is set on this desk: a signed-in supervisor opens technician mode.');
    }
    if (this.isTrainingPin(pin) || (await this.deps.pins.matches(pin))) {
      this.attempts.succeeded();
      return;
    }
    if (this.attempts.failed() > 0) log.warn('technician PIN refused too many times');
    throw new DeskError('TECHNICIAN_PIN_WRONG', 'Wrong technician PIN.');
  }

  private isTrainingPin(pin: string): boolean {
    const training = this.deps.trainingPin;
    return training !== null && training.length === pin.length && timingSafeEqual(Buffer.from(training), Buffer.from(pin));
  }

  private extend(): void {
    this.expiresAt = this.now() + this.idleMs;
    if (this.timer) clearTimeout(this.timer);
    // The renderer is told when it closes by itself; a check in isOpen() covers a late timer.
    this.timer = setTimeout(() => this.close(), this.idleMs);
    this.timer.unref();
  }

  private emit(): void {
    this.deps.events.emit('technician/changed', this.state());
  }
}
