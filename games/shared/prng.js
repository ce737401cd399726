/**
 * The seeded random numbers of the arcade's deterministic games (README, "Fair play"): the run
 * ticket's seed drives every random choice of the rules, so the server's replay of a run draws the
 * very same numbers as the browser did. Mulberry32: 32-bit state, integer arithmetic only (the same
 * in every JavaScript engine), fast, and plenty for game rules (not for secrets).
 */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function random() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fresh seed for a run played without a ticket (not signed in): nothing is saved then. */
export function localSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/** A replay's input log that no run of the game can have; `kind` tells which rule it broke. */
export class ReplayError extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}
