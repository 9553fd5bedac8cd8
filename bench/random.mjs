// Deterministic randomness for the benches (mulberry32): the same world and request mix every run.

/** A random number source in [0, 1) from `seed`, with `pick` (one of a list) beside it. */
export function seededRandom(seed) {
  let state = seed;
  const rand = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(rand() * list.length)];
  return { rand, pick };
}
