import { swarmSizes, type SwarmSizeLabel } from '@swarm/proto/labels';
import { MAX_ELEVATION_FEET } from '@swarm/proto/labels/forms';
import { useSyncExternalStore } from 'react';

/** Spec §3: the three swarm sizes, in the order they are offered. */
export const SWARM_SIZES = swarmSizes.labels;
export type SwarmSize = SwarmSizeLabel;

/** Spec §5 and §9: elevation in feet from the ground. */
export const MIN_ELEVATION_FEET = 0;
export { MAX_ELEVATION_FEET };

/** What the identification flow has learnt so far; the report form asks only for what is missing. */
export interface Identification {
  size?: SwarmSize;
  elevation?: number;
}

const storageKey = 'swarm-alert.identification';
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: Identification = {};
/** Where the answers live when the browser refuses storage (some private modes): only as long as this page. */
let unstoredRaw: string | null = null;

export const isSwarmSize = (value: unknown): value is SwarmSize => swarmSizes.isLabel(value);

/** Accepts "12" or "12.5" feet within 0 to 50; anything else (empty, negative, text) is not an elevation. */
export function parseElevation(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  const feet = Number(trimmed);
  return feet >= MIN_ELEVATION_FEET && feet <= MAX_ELEVATION_FEET ? feet : undefined;
}

function read(): Identification {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(storageKey);
  } catch {
    raw = unstoredRaw;
  }
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  cached = {};
  if (raw !== null) {
    try {
      const parsed = JSON.parse(raw) as Record<string, unknown>;
      if (isSwarmSize(parsed.size)) cached.size = parsed.size;
      if (typeof parsed.elevation === 'number' && parseElevation(String(parsed.elevation)) !== undefined) cached.elevation = parsed.elevation;
    } catch {
      // A damaged entry is treated as no answers.
    }
  }
  return cached;
}

function write(next: Identification): void {
  const raw = next.size === undefined && next.elevation === undefined ? null : JSON.stringify(next);
  try {
    if (raw === null) sessionStorage.removeItem(storageKey);
    else sessionStorage.setItem(storageKey, raw);
  } catch {
    unstoredRaw = raw;
  }
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const identificationStore = {
  get: read,
  update: (changes: Identification) => write({ ...read(), ...changes }),
  clear: () => write({}),
};

/**
 * The flow's answers, kept in sessionStorage: they survive a reload or a detour to another page in the same tab,
 * and are forgotten when the tab closes, so a shared phone does not carry them into someone else's report.
 */
export function useIdentification(): Identification {
  return useSyncExternalStore(subscribe, read, read);
}
