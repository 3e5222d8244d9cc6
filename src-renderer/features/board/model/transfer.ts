import type { DeskPresence } from '../../../../src-shared/platform/desks';

/**
 * Where a transferred patient can go, so the dialog never is a dead end: every desk of the
 * office present now (open or paused, not this one), and always the waiting line, offered
 * but closed to a patient in care (the platform refuses it: the medical system keeps them
 * in care, only another desk can take them on).
 */
export const WAITING = 'waiting';
export type ChoiceKey = number | typeof WAITING;

export interface TransferChoice {
  key: ChoiceKey;
  /** The desk's label; null for the waiting line. */
  deskLabel: string | null;
  paused: boolean;
  /** Why this choice cannot be taken now; null when it can. */
  blocked: 'inCare' | null;
}

export interface TransferChoices {
  choices: TransferChoice[];
  /** No other desk present: the dialog says so plainly. */
  noDesk: boolean;
}

/** A desk can receive a patient while it announces itself and is not closed (the platform's own rule). */
export function canReceive(desk: DeskPresence, myDeskId: number | null): boolean {
  return !desk.gone && desk.state !== 'closed' && desk.deskId !== myDeskId;
}

export function transferChoices(desks: readonly DeskPresence[], myDeskId: number | null, inCare: boolean): TransferChoices {
  const present = desks.filter((desk) => canReceive(desk, myDeskId));
  return {
    choices: [
      ...present.map((desk) => ({ key: desk.deskId, deskLabel: desk.label, paused: desk.state === 'paused', blocked: null })),
      { key: WAITING, deskLabel: null, paused: false, blocked: inCare ? 'inCare' : null },
    ],
    noDesk: present.length === 0,
  };
}

export interface Picked {
  key: ChoiceKey;
  /** Kept to name a desk that left while the dialog was open. */
  deskLabel: string | null;
}

export type Resolved = { kind: 'none' } | { kind: 'send'; toDeskId: number | null } | { kind: 'left'; deskLabel: string };

/**
 * What Transférer would send now: the picked choice while it is still offered and open
 * (the button is enabled exactly then). `left`: the desk picked has since gone or closed
 * while the dialog was open; it is named so staff choose again.
 */
export function resolvePick(picked: Picked | null, offered: TransferChoices): Resolved {
  if (!picked) return { kind: 'none' };
  const now = offered.choices.find((choice) => choice.key === picked.key);
  if (!now) return { kind: 'left', deskLabel: picked.deskLabel ?? '' };
  if (now.blocked) return { kind: 'none' };
  return { kind: 'send', toDeskId: now.key === WAITING ? null : now.key };
}
