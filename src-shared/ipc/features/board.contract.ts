import { z } from 'zod';
import { deskErrorCodeSchema } from '../../error-schemas';
import { heldMoveSchema, heldStatusSchema } from '../../board/held';
import { boardRowSchema, FORWARD_STATUSES, forwardStatusSchema } from '../../board/rows';
import { boardSettingsSchema } from '../../board/settings';
import { boardOfficeEventSchema, boardOfficeSchema, queueOptionsSchema, transferRequestSchema } from '../../board/desks';
import { deskQueueSchema, deskStateSchema } from '../../platform/desks';
import { unsentMovesSchema } from '../../board/unsent';
import { workplaceSchema } from '../workplace';
import { none, type ChannelSpec } from '../spec';
import type { BOARD_CHANNELS, BOARD_EVENTS } from './board.names';

/**
 * This project's desk extensions (docs/desk-extensions.md) the board depends on: the day
 * list (`listForDay`), the live ticket events (`events`) and the call route (`callTicket`).
 */
/** `callCoordination`: the tickets carry no version, so a call cannot be compare-and-set (two desks may call one patient). */
export const DESK_EXTENSIONS = ['dayList', 'liveEvents', 'callTicket', 'callCoordination'] as const;
export const deskExtensionSchema = z.enum(DESK_EXTENSIONS);
export type DeskExtension = z.infer<typeof deskExtensionSchema>;

/** The live feed's state as the board shows it. */
export const boardLiveSchema = z.object({
  state: z.enum(['connecting', 'live', 'reconnecting', 'offline']),
  /** Why offline: the platform refused the key, does not offer live events, or cannot be reached. */
  reason: z.enum(['keyRefused', 'notOffered', 'unreachable']).nullable(),
  /** The desk extensions this platform was found not to offer: the board degrades and says so (banner). */
  missing: z.array(deskExtensionSchema).optional(),
  /** When not live: when the platform was last heard from on the stream (the board says how long ago); null if never. */
  lastEventAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type BoardLive = z.infer<typeof boardLiveSchema>;

export const workplaceOptionsSchema = z.object({
  officePlaces: z.array(z.object({ officePlaceId: z.number().int(), name: z.string() })),
  current: workplaceSchema.nullable(),
});
export type WorkplaceOptions = z.infer<typeof workplaceOptionsSchema>;

/**
 * Why the desk is locked, so the lock screen says it truthfully: staff locked it (`manual`), or
 * nobody touched it for `idleMinutes` (the desk's setting when it locked).
 */
export const boardLockSchema = z.object({
  reason: z.enum(['manual', 'idle']),
  idleMinutes: z.number().int().min(0).max(600).nullable(),
});
export type BoardLock = z.infer<typeof boardLockSchema>;

export const boardSnapshotSchema = z.object({
  rows: z.array(boardRowSchema),
  live: boardLiveSchema,
  workplace: workplaceSchema,
  settings: boardSettingsSchema,
  locked: z.boolean(),
  lock: boardLockSchema.nullable(),
  /** The done or close counting down for its Undo at this desk (held in main), so every window shows it. */
  held: heldMoveSchema.nullable(),
});
export type BoardSnapshot = z.infer<typeof boardSnapshotSchema>;

/**
 * Rows that changed since the last push; `reset` replaces the whole board (day reloaded).
 * `freshnessOnly`: these rows changed only in how fresh their check is (verification,
 * lastConfirmedAt), as the re-checks make them all day; nothing a figure counts has moved.
 */
export const boardRowsEventSchema = z.object({
  upserts: z.array(boardRowSchema),
  removed: z.array(z.string()),
  reset: z.boolean(),
  freshnessOnly: z.literal(true).optional(),
});
export type BoardRowsEvent = z.infer<typeof boardRowsEventSchema>;

/**
 * What became of an action: done; pending (a status change kept in the outbox, delivered when
 * the publisher or platform is back); closedOnBoardOnly (the publisher refuses `closed`);
 * notSent (a call, recall or transfer the platform did not take: offered back once it is live
 * again, never sent on its own).
 */
export const boardActionResultSchema = z.object({
  outcome: z.enum(['done', 'pending', 'closedOnBoardOnly', 'notSent']),
  ticketId: z.string(),
  formattedNumber: z.string(),
});
export type BoardActionResult = z.infer<typeof boardActionResultSchema>;

const ticketRefSchema = z.object({ ticketId: z.string().min(1).max(128) });

export const boardContract = {
  'board/workplaceOptions': { request: none, response: workplaceOptionsSchema },
  'board/chooseWorkplace': { request: workplaceSchema, response: workplaceSchema },
  'board/snapshot': { request: none, response: boardSnapshotSchema },
  'board/callNext': { request: none, response: boardActionResultSchema },
  // `force`: staff confirmed "call here anyway" for a patient another desk has called.
  'board/call': { request: ticketRefSchema.extend({ recall: z.boolean(), force: z.boolean().optional() }), response: boardActionResultSchema },
  'board/setStatus': { request: ticketRefSchema.extend({ status: forwardStatusSchema }), response: boardActionResultSchema },
  // Done and close wait UNDO_MS in main for an Undo (src-main/board/held.ts); null: the ticket is already there.
  'board/hold': { request: ticketRefSchema.extend({ status: heldStatusSchema }), response: heldMoveSchema.nullable() },
  'board/undoHeld': { request: z.object({ id: heldMoveSchema.shape.id }), response: z.object({ undone: z.boolean() }) },
  'board/saveSettings': { request: boardSettingsSchema, response: boardSettingsSchema },
  'board/lock': { request: boardLockSchema.pick({ reason: true }), response: z.null() },
  'board/unlock': { request: z.object({ password: z.string().min(1).max(1024) }), response: z.null() },
  // Several desks, one office (docs/board.md "Several desks"): presence, queue, transfer, absence.
  'board/office': { request: none, response: boardOfficeSchema },
  'board/setDeskState': { request: z.object({ state: deskStateSchema }), response: boardOfficeSchema },
  'board/setQueue': { request: deskQueueSchema, response: boardOfficeSchema },
  'board/queueOptions': { request: none, response: queueOptionsSchema },
  'board/transfer': { request: transferRequestSchema, response: boardActionResultSchema },
  'board/absent': { request: ticketRefSchema, response: boardActionResultSchema },
  'board/dismissAbsent': { request: ticketRefSchema, response: boardActionResultSchema },
  // Calls and transfers the platform did not take (an outage): offered back to staff, never sent on their own.
  'board/unsent': { request: none, response: unsentMovesSchema },
  'board/dropUnsent': { request: ticketRefSchema, response: unsentMovesSchema },
  // The row staff selected: read from the medical system at once (docs/board.md, "How fresh a row is").
  'board/focus': { request: ticketRefSchema, response: z.null() },
} as const satisfies Record<(typeof BOARD_CHANNELS)[number], ChannelSpec>;

/** A change that waited in the outbox and was then refused (4xx): never dropped without telling staff. */
export const boardRefusedSchema = z.object({
  /** Formatted ticket number, or null when the ticket has left the board. */
  ticket: z.string().nullable(),
  action: z.enum(['call', 'recall', ...FORWARD_STATUSES]),
  code: deskErrorCodeSchema,
});
export type BoardRefused = z.infer<typeof boardRefusedSchema>;

export const boardEvents = {
  'board/rows': boardRowsEventSchema,
  'board/live': boardLiveSchema,
  /** The lock, or null once unlocked. */
  'board/locked': boardLockSchema.nullable(),
  'board/refused': boardRefusedSchema,
  /** The office's desks, this desk's state and queue, when any of it changes; the absent patients when they change. */
  'board/office': boardOfficeEventSchema,
  /** The unsent calls and transfers, when the list changes (added, confirmed, dropped, expired). */
  'board/unsent': unsentMovesSchema,
  /** The move counting down for its Undo, or null once sent or undone (from any window). */
  'board/held': heldMoveSchema.nullable(),
  /** A held move was sent (or waits for the medical system): what became of it. */
  'board/heldSent': z.object({ id: heldMoveSchema.shape.id, status: heldStatusSchema, result: boardActionResultSchema }),
} as const satisfies Record<(typeof BOARD_EVENTS)[number], z.ZodType>;
