/**
 * Deterministic randomness: every generated figure is a pure function of a seed derived from the
 * symbol and of the position (quarter, trading day, minute) it describes. Nothing depends on call
 * order, so any slice of history can be produced on its own and always comes out the same.
 */

/** xmur3 string hash: a 32-bit seed from a string. */
export function seedOf(text: string): number {
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** 32-bit hash of (seed, a, b). */
export function hash3(seed: number, a: number, b: number): number {
  let h = fmix(seed ^ 0x9e3779b9);
  h = fmix(h ^ Math.imul(a | 0, 0xcc9e2d51));
  h = fmix(h ^ Math.imul((b | 0) + 0x1b873593, 0x27d4eb2f));
  return h;
}

/** Uniform in (0, 1). */
export function u01(seed: number, a: number, b = 0): number {
  return (hash3(seed, a, b) + 0.5) / 4294967296;
}

/** Standard normal (Box-Muller on two hashed uniforms). */
export function gauss(seed: number, a: number, b = 0): number {
  const u1 = u01(seed, a, b * 2 + 1);
  const u2 = u01(seed, a, b * 2 + 2);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** A small sequential generator (mulberry32) for per-company parameters. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function between(rnd: () => number, lo: number, hi: number): number {
  return lo + (hi - lo) * rnd();
}

export function logBetween(rnd: () => number, lo: number, hi: number): number {
  return Math.exp(between(rnd, Math.log(lo), Math.log(hi)));
}

export function pick<T>(rnd: () => number, items: readonly T[]): T {
  const item = items[Math.floor(rnd() * items.length) % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Approximately standard normal from a single hash (sum of four 8-bit uniforms). */
export function normal1(seed: number, a: number, b = 0): number {
  const h = hash3(seed, a, b);
  const s = (h & 255) + ((h >>> 8) & 255) + ((h >>> 16) & 255) + (h >>> 24) + 2;
  // Sum of four U(0,1): mean 2, variance 1/3.
  return (s / 256 - 2) * 1.7320508075688772;
}

/**
 * Smooth value noise at integer position i: knots every `period` steps, eased in between.
 * Random access (no state), so any day of a price path can be computed on its own.
 */
export function smoothNoise(seed: number, i: number, period: number, salt: number): number {
  const k = Math.floor(i / period);
  const f = (i - k * period) / period;
  const s = f * f * (3 - 2 * f);
  const v0 = normal1(seed, k, salt);
  const v1 = normal1(seed, k + 1, salt);
  return v0 + (v1 - v0) * s;
}
