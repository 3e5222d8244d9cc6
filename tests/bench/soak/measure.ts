import type { CDPSession } from '@playwright/test';
import type { InspectorSession } from './inspector';

// Page-side scripts are strings: this file compiles without the DOM library.

/**
 * Installed in every page before its own scripts: counts the timers and event streams the
 * page holds open (a timeout until it fires or is cleared, an interval until it is cleared,
 * an EventSource until it is closed), which no DevTools counter gives.
 */
export const RENDERER_COUNTERS = `(() => {
  const live = new Map();
  const { setTimeout: setT, clearTimeout: clearT, setInterval: setI, clearInterval: clearI } = window;
  window.setTimeout = function (handler, delay, ...args) {
    if (typeof handler !== 'function') return setT.call(window, handler, delay, ...args);
    const id = setT.call(window, function (...inner) { live.delete(id); return handler.apply(this, inner); }, delay, ...args);
    live.set(id, String(handler).slice(0, 60));
    return id;
  };
  window.setInterval = function (handler, delay, ...args) {
    const id = setI.call(window, handler, delay, ...args);
    live.set(id, 'interval ' + String(handler).slice(0, 60));
    return id;
  };
  window.clearTimeout = function (id) { live.delete(id); return clearT.call(window, id); };
  window.clearInterval = function (id) { live.delete(id); return clearI.call(window, id); };
  const sources = new Set();
  let frames = new Map();
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(...args) {
      super(...args);
      sources.add(new WeakRef(this));
      // Before the desk's own listener: when the probe's frame reached the page, for the probe's breakdown.
      this.addEventListener('desk', (message) => {
        if (window.soakLabel && !window.soakFrameAt && message.data.includes(window.soakLabel)) window.soakFrameAt = performance.timeOrigin + performance.now();
        // Frames by event name (the data opens with {"event":"…"}): which pushes an hour's time went to.
        const event = message.data.slice(10, message.data.indexOf('"', 10));
        const seen = frames.get(event) ?? { count: 0, kb: 0 };
        seen.count += 1;
        seen.kb += message.data.length / 1024;
        frames.set(event, seen);
      });
    }
  };
  window.__soakCounts = () => {
    let sse = 0;
    for (const ref of sources) {
      const source = ref.deref();
      if (!source || source.readyState === 2) sources.delete(ref);
      else sse += 1;
    }
    return { timers: live.size, sse };
  };
  window.__soakTimers = () => [...live.values()];
  window.__soakFrames = () => {
    const taken = Object.fromEntries([...frames].map(([event, seen]) => [event, { count: seen.count, kb: Math.round(seen.kb) }]));
    frames = new Map();
    return taken;
  };
})()`;

export interface MainSample {
  heapMb: number;
  /** Live handles other than timers (sockets, servers, watchers…); transient file requests left out. */
  handles: number;
  /** Those handles by kind (`TCPSocketWrap`…), sorted: what differs at the end. */
  kinds: string[];
  timers: number;
  /** Its sockets at rest, by way and port (`in :host`, `out :server`): a pool of keep-alive connections, or a leak. */
  peers?: string[];
  /** Its timers at rest, by handler (`() => void this.beat()`): what differs at the end. */
  timerKinds?: string[];
  /** At rest, what came and went between readings, with its count in each: work in flight, a leak's steps. */
  unsteady?: Record<string, string>;
}

export interface RendererSample {
  heapMb: number;
  nodes: number;
  listeners: number;
  timers: number;
  sse: number;
}

const MB = 2 ** 20;
const TIMERS = new Set(['Timeout', 'Immediate']);

// One file write in flight is not a leak: reads catch the log's writes now and then.
const TRANSIENT = new Set(['FSReqCallback', 'FSReqPromise', 'FileHandleCloseReq', 'GetAddrInfoReqWrap', 'WriteWrap', 'ShutdownWrap']);

/** A desk's main process after a full garbage collection, read through its inspector. */
export async function sampleMain(inspector: InspectorSession): Promise<MainSample> {
  await inspector.send('HeapProfiler.collectGarbage');
  const { usedSize } = await inspector.send<{ usedSize: number }>('Runtime.getHeapUsage');
  const kinds = await handleKinds(inspector);
  return {
    heapMb: usedSize / MB,
    handles: kinds.length,
    kinds,
    timers: await liveTimeouts(inspector),
  };
}

async function handleKinds(inspector: InspectorSession): Promise<string[]> {
  const resources = await inspector.evaluate<string[]>('process.getActiveResourcesInfo()');
  return resources.filter((kind) => !TIMERS.has(kind) && !TRANSIENT.has(kind)).sort();
}

/**
 * A desk's main process at rest, read `samples` times over some 15 s: each kind of handle and timer
 * counted as often as most readings hold it. A desk at rest still works on a schedule (its heartbeat,
 * the stream's probe, a re-check): a request in flight, a keep-alive socket about to close, is in one
 * reading or two and not in most; a heartbeat's timer, gone only while its announce is in flight, is
 * in most; a leak is in every one. The window is three times a keep-alive connection's idle life (the
 * preview host's and the training servers' 5 s): a pool that grew in a busy second is gone from most readings.
 * (The least of each count, taken before 7 Dec 2026, counted a heartbeat whenever one reading caught
 * its announce in flight, and the start and the end of a day differed by that luck, up to 4.)
 */
export async function settledMain(inspector: InspectorSession, samples = 11): Promise<MainSample> {
  // One garbage collection a reading (the timers' query's): each holds the loop a while, and readings that
  // held it half the time kept the desk's own work in flight (a heartbeat's announce for over a second).
  const readings: { kinds: string[]; timerKinds: string[]; peers: string[] }[] = [];
  for (let i = 0; i < samples; i += 1) {
    // Readings a second apart fell in step with the desk's one-second heartbeat: a window read its announce
    // in flight every time, the next one never. Spaced 1 to 1.8 s apart, they fall all over its cycle.
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 1_000 + ((i * 379) % 800)));
    readings.push({ kinds: await handleKinds(inspector), timerKinds: await liveTimeouts(inspector, true), peers: await socketPeers(inspector) });
  }
  const kinds = usual(readings.map((reading) => reading.kinds));
  // A timer re-armed with another delay is the same timer: counted by its handler.
  const handler = (kind: string) => kind.replace(/^\d+ ms /, '');
  const timerKinds = usual(readings.map((reading) => reading.timerKinds.map(handler)));
  const { heapMb } = await sampleMain(inspector);
  const unsteady = varying(readings.map((reading) => [...reading.kinds, ...reading.timerKinds.map(handler), ...reading.peers]));
  return { heapMb, handles: kinds.length, kinds, timers: timerKinds.length, peers: usual(readings.map((reading) => reading.peers)), timerKinds, unsteady };
}

/** The items whose count is not the same in every reading, with their counts reading by reading (`0 1 1 0…`). */
function varying(readings: string[][]): Record<string, string> {
  const counts = readings.map((reading) => added([], reading));
  const items = new Set(readings.flat());
  const changing = [...items].map((item) => [item, counts.map((count) => count[item] ?? 0)] as const).filter(([, seen]) => new Set(seen).size > 1);
  return Object.fromEntries(changing.map(([item, seen]) => [item.slice(0, 60), seen.join(' ')]));
}

/**
 * What most readings hold: each item as many times as the count of it most readings agree on (a tie
 * goes to the smaller count), sorted. `[[a], [a, b], [a]]` holds `[a]`.
 */
export function usual(readings: string[][]): string[] {
  const counts = readings.map((reading) => added([], reading));
  const held: string[] = [];
  for (const item of new Set(readings.flat())) {
    const votes = new Map<number, number>();
    for (const count of counts) votes.set(count[item] ?? 0, (votes.get(count[item] ?? 0) ?? 0) + 1);
    const [agreed] = [...votes].sort(([countA, votesA], [countB, votesB]) => votesB - votesA || countA - countB)[0]!;
    held.push(...Array<string>(agreed).fill(item));
  }
  return held.sort();
}

/** Main's sockets, accepted (`in`, by the local port) or opened (`out`, by the server's port), sorted. */
async function socketPeers(inspector: InspectorSession): Promise<string[]> {
  const peers = await inspector.evaluate<string[]>(
    `process._getActiveHandles().filter((handle) => typeof handle.remotePort === 'number').map((handle) => handle.server ? 'in :' + handle.localPort : 'out :' + handle.remotePort)`,
  );
  return peers.sort();
}

/**
 * Timers the process holds, unref'd ones included (the desk unrefs most of its timers, so
 * `getActiveResourcesInfo` does not list them): every Timeout object on the heap not yet
 * fired or cleared, found by its prototype, less the requests' own timeouts.
 */
async function liveTimeouts(inspector: InspectorSession): Promise<number>;
async function liveTimeouts(inspector: InspectorSession, kinds: true): Promise<string[]>;
async function liveTimeouts(inspector: InspectorSession, kinds = false): Promise<number | string[]> {
  const objectGroup = 'soak-timers';
  try {
    // A reading's garbage collection holds the loop a while; a timer due meanwhile fires as soon as it is let go,
    // and the next command ran in the few ms its work was in flight, the timer fired and its successor not yet
    // armed: the desk's one-second heartbeat was missing from a reading in three (7 Dec 2026). A tenth of a
    // second of the loop's own first lets that work end.
    await inspector.send('Runtime.evaluate', { expression: 'new Promise((resolve) => setTimeout(resolve, 100))', awaitPromise: true });
    const prototype = await inspector.send<{ result: { objectId: string } }>('Runtime.evaluate', {
      expression: '(() => { const probe = setTimeout(() => undefined, 1); clearTimeout(probe); return Object.getPrototypeOf(probe); })()',
      objectGroup,
    });
    const { objects } = await inspector.send<{ objects: { objectId: string } }>('Runtime.queryObjects', { prototypeObjectId: prototype.result.objectId, objectGroup });
    // A timer cleared but not yet destroyed has no handler (a day's start failed on one, 7 Dec 2026): counted as it is.
    const counted = await inspector.send<{ result: { value: number | string[] }; exceptionDetails?: { exception?: { description?: string } } }>('Runtime.callFunctionOn', {
      objectId: objects.objectId,
      // A request's time limit (src-main/net/transport.ts; AbortSignal.timeout's, which hold their signal by a
      // WeakRef, before it) belongs to a request in flight: counted, it would only measure how busy that second was.
      functionDeclaration: `function (kinds) {
        const request = (timer) => String(timer._onTimeout).includes('weakRef.deref()') || timer._onTimeout?.name === 'exchangeTimedOut';
        const live = this.filter((timer) => !timer._destroyed && !request(timer));
        return kinds ? live.map((timer) => timer._idleTimeout + ' ms ' + String(timer._onTimeout).replace(/\\s+/g, ' ').slice(0, 90)) : live.length;
      }`,
      arguments: [{ value: kinds }],
      returnByValue: true,
    });
    if (counted.exceptionDetails) throw new Error(`the timers' count threw: ${counted.exceptionDetails.exception?.description ?? 'no description'}`);
    return counted.result.value;
  } finally {
    await inspector.send('Runtime.releaseObjectGroup', { objectGroup });
  }
}

/** A page (desk or display) after a full garbage collection, through Chromium's DevTools protocol. */
export async function sampleRenderer(cdp: CDPSession): Promise<RendererSample> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const counters = await cdp.send('Memory.getDOMCounters');
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window.__soakCounts()', returnByValue: true });
  const counts = result.value as { timers: number; sse: number };
  return { heapMb: usedSize / MB, nodes: counters.nodes, listeners: counters.jsEventListeners, timers: counts.timers, sse: counts.sse };
}

/**
 * A V8 heap snapshot's node types that are the program's data (objects, arrays, strings, closures,
 * buffers, DOM nodes), not its compiled code (`code`: bytecode, machine code, feedback) nor V8's own
 * structures (`hidden`, `object shape`): the code a process compiles as its day goes on is bounded by
 * the program, and is most of what its heap holds more the next morning (short day, 29 Nov 2026: desk
 * 1's main +1.2 MB of code, +0.3 MB of data).
 */
const DATA_NODE_TYPES = new Set(['array', 'string', 'object', 'closure', 'regexp', 'number', 'native', 'concatenated string', 'sliced string', 'symbol', 'bigint']);

interface SnapshotJson {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
}

/** MB of data (DATA_NODE_TYPES) in a heap snapshot. */
export function dataMbOf(text: string): number {
  const { snapshot, nodes } = JSON.parse(text) as SnapshotJson;
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const type = fields.indexOf('type');
  const size = fields.indexOf('self_size');
  let bytes = 0;
  for (let at = 0; at < nodes.length; at += fields.length) if (DATA_NODE_TYPES.has(types[nodes[at + type]!]!)) bytes += nodes[at + size]!;
  return bytes / MB;
}

/** A page: MB of data in its heap, its DOM included. */
export async function pageDataMb(cdp: CDPSession): Promise<number> {
  const chunks: string[] = [];
  const sink = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', sink);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', sink);
  }
  return dataMbOf(chunks.join(''));
}

/** Seconds a page's main thread has spent so far, in all and by kind (Chromium's own counters, cumulative). */
export interface PageTimes {
  task: number;
  script: number;
  layout: number;
  style: number;
}

export async function pageTimes(cdp: CDPSession): Promise<PageTimes> {
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const of = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
  return { task: of('TaskDuration'), script: of('ScriptDuration'), layout: of('LayoutDuration'), style: of('RecalcStyleDuration') };
}

/** Milliseconds a second of each kind between two readings `seconds` apart. */
export function pageTimeShares(before: PageTimes, after: PageTimes, seconds: number): PageTimes {
  const share = (key: keyof PageTimes) => Math.round((1000 * (after[key] - before[key])) / seconds);
  return { task: share('task'), script: share('script'), layout: share('layout'), style: share('style') };
}

/** The pushes a page received since the last call, by event name: how many and how many KiB. */
export async function takeFrames(cdp: CDPSession): Promise<Record<string, { count: number; kb: number }>> {
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window.__soakFrames()', returnByValue: true });
  return result.value as Record<string, { count: number; kb: number }>;
}

/** What is in `after` and not in `before`, counted by item (a multiset difference). */
export function added(before: string[], after: string[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const item of after) counts.set(item, (counts.get(item) ?? 0) + 1);
  for (const item of before) counts.set(item, (counts.get(item) ?? 0) - 1);
  return Object.fromEntries([...counts].filter(([, count]) => count !== 0));
}

/** What a page holds, by kind, for finding what leaked: its timers' handlers and the window's and document's listeners. */
export async function rendererInventory(cdp: CDPSession): Promise<{ timers: string[]; window: string[]; document: string[]; tree: string[]; parts: string[] }> {
  const { result: timers } = await cdp.send('Runtime.evaluate', { expression: 'window.__soakTimers()', returnByValue: true });
  // The screen's parts by test id: which panel, card or row is there more than at the start.
  const { result: parts } = await cdp.send('Runtime.evaluate', { expression: `[...document.querySelectorAll('[data-testid]')].map((node) => node.dataset.testid)`, returnByValue: true });
  const listenersOf = async (expression: string, depth = 0) => {
    const { result } = await cdp.send('Runtime.evaluate', { expression, objectGroup: 'soak-inventory' });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId!, depth, pierce: true });
    return listeners.map((listener) => `${listener.type}@${listener.lineNumber}:${listener.columnNumber}`).sort();
  };
  try {
    return {
      timers: (timers.value as string[]).sort(),
      window: await listenersOf('window'),
      document: await listenersOf('document'),
      // Every node's listeners, the whole tree (the document's own included).
      tree: await listenersOf('document', -1),
      parts: (parts.value as string[]).sort(),
    };
  } finally {
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'soak-inventory' });
  }
}

/** Arms a waiter in the page: resolves (after the next paint) with the wall-clock time the ticket's row shows the label. */
/** When (epoch ms) the probe's frame reached the page (0 when not seen) and when its row was painted. */
export interface ProbeStamps {
  frameAt: number;
  painted: number;
}

export function armRowText(formattedNumber: string, label: string): string {
  return `window.soakLabel = ${JSON.stringify(label)}; window.soakFrameAt = 0;
  window.soakRowText = new Promise((resolve) => {
    const seen = () => document.querySelector('[data-ticket="${formattedNumber}"]')?.textContent?.includes(${JSON.stringify(label)}) ?? false;
    const observer = new MutationObserver(() => {
      if (!seen()) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve({ frameAt: window.soakFrameAt, painted: performance.timeOrigin + performance.now() }));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }); undefined`;
}

/**
 * What kept a desk's main thread from an event since the last call (the first installs the watch):
 * its garbage collections by kind (count, ms) and its event loop's delay (p50, p99, max, ms). `stop`
 * takes the watch away (its observer and its timer), so the end's reading counts what the start's did.
 */
export async function mainPauses(inspector: InspectorSession, stop = false): Promise<unknown> {
  return inspector.evaluate(`((stop) => {
    const { PerformanceObserver, monitorEventLoopDelay, constants } = process.getBuiltinModule('node:perf_hooks');
    let watch = globalThis.__soakPauses;
    if (stop) {
      watch?.delay.disable();
      watch?.observer.disconnect();
      delete globalThis.__soakPauses;
      return null;
    }
    if (!watch) {
      watch = globalThis.__soakPauses = { delay: monitorEventLoopDelay({ resolution: 2 }), gc: {}, observer: null };
      const kinds = { [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor', [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major', [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental', [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak' };
      watch.observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const kind = kinds[entry.detail?.kind ?? entry.kind] ?? 'other';
          const slot = (watch.gc[kind] ??= { count: 0, ms: 0, maxMs: 0 });
          slot.count += 1; slot.ms += entry.duration; slot.maxMs = Math.max(slot.maxMs, entry.duration);
        }
      });
      watch.observer.observe({ entryTypes: ['gc'] });
      watch.delay.enable();
      return null;
    }
    const ms = (ns) => Math.round(ns / 1e5) / 10;
    const gc = Object.fromEntries(Object.entries(watch.gc).map(([kind, slot]) => [kind, { count: slot.count, ms: Math.round(slot.ms * 10) / 10, maxMs: Math.round(slot.maxMs * 10) / 10 }]));
    const result = { gc, delay: { p50: ms(watch.delay.percentile(50)), p99: ms(watch.delay.percentile(99)), max: ms(watch.delay.max) } };
    watch.gc = {};
    watch.delay.reset();
    return result;
  })(${stop})`);
}
