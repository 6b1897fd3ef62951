/**
 * A small deterministic generator for the fuzz tests: the same inputs on every run, so a
 * failure can be reproduced (a 32-bit linear congruential generator, numbers in [0, 1)).
 */
export function fuzzRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}
