/**
 * A distinct run of punctuation for request i: the search ignores it, the cache key doesn't,
 * so every request that carries it misses the caches and does the full work.
 */
export function noise(i: number): string {
  const marks = '!?.,;~';
  let text = '';
  let n = i + 1;
  while (n > 0) {
    text += marks[n % marks.length];
    n = Math.floor(n / marks.length);
  }
  return text;
}
