import { logger } from '../lib/logger';
import { marketService } from '../market/service';
import { buildSnapshot } from './build';
import {
  loadSnapshot,
  saveSnapshotIfAbsent,
  storedVersion,
  toLoaded,
  type LoadedSnapshot,
  type SnapshotStore,
} from './snapshot';

/**
 * The function instance's copy of the screener snapshot. Loaded with one query on the first
 * screen, kept in memory between invocations, and checked against the stored version (a
 * one-item read) at most every `CHECK_MS`; reloaded only when the job wrote a new one.
 */
export const CHECK_MS = 30_000;

interface Held {
  snapshot: LoadedSnapshot;
  checkedAt: number;
}

let held: Held | undefined;
let pending: Promise<LoadedSnapshot> | undefined;

async function fresh(store: SnapshotStore, now: number): Promise<LoadedSnapshot> {
  const version = held ? await storedVersion(store) : undefined;
  if (held && version === held.snapshot.version) {
    held = { snapshot: held.snapshot, checkedAt: now };
    return held.snapshot;
  }
  const data = await loadSnapshot(store);
  if (data) {
    held = { snapshot: toLoaded(data), checkedAt: now };
    return held.snapshot;
  }
  // No snapshot yet (a new deployment before the job's first run): list the universe with
  // its quotes now; the job adds the fundamentals and price history.
  logger.info('no screener snapshot stored yet: building the listings now');
  const built = await buildSnapshot({ service: marketService(), fundamentalsPerRun: 0 });
  // The job may have stored its snapshot meanwhile: never replace it with these listings.
  const saved = await saveSnapshotIfAbsent(built.data, store);
  const stored = saved ? undefined : await loadSnapshot(store);
  held = { snapshot: toLoaded(stored ?? built.data), checkedAt: now };
  return held.snapshot;
}

export async function currentSnapshot(
  store: SnapshotStore = {},
  now: number = Date.now(),
): Promise<LoadedSnapshot> {
  if (held && now - held.checkedAt < CHECK_MS) return held.snapshot;
  pending ??= fresh(store, now).finally(() => {
    pending = undefined;
  });
  return pending;
}

/**
 * The snapshot the job stored, held as currentSnapshot holds it, but never a stand-in: the
 * market map and Compare make no provider call and write nothing (decisions 152, 153), so this
 * path reads the stored version and parts only (a bundle using it alone carries no snapshot
 * writes). Undefined until the job has stored one (a new deployment's first minutes).
 */
export async function storedSnapshot(
  store: SnapshotStore = {},
  now: number = Date.now(),
): Promise<LoadedSnapshot | undefined> {
  if (held && now - held.checkedAt < CHECK_MS) return held.snapshot;
  pendingStored ??= storedFresh(store, now).finally(() => {
    pendingStored = undefined;
  });
  return pendingStored;
}

let pendingStored: Promise<LoadedSnapshot | undefined> | undefined;

async function storedFresh(store: SnapshotStore, now: number) {
  const version = await storedVersion(store);
  if (version === undefined) return held?.snapshot;
  if (held && version === held.snapshot.version) {
    held = { snapshot: held.snapshot, checkedAt: now };
    return held.snapshot;
  }
  const data = await loadSnapshot(store);
  if (!data) return held?.snapshot;
  held = { snapshot: toLoaded(data), checkedAt: now };
  return held.snapshot;
}

/** Forgets the instance's copy (tests). */
export function forgetSnapshot(): void {
  held = undefined;
}
