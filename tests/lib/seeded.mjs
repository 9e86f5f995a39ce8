// What the model tests share: a seeded random source (replayable from the
// seed they print) and money as Caja prints it.

/** A deterministic random source (mulberry32) and the draws made from it. */
export function seeded(seed) {
  let a = seed;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    random,
    /** An integer from lo to hi, both included. */
    int: (lo, hi) => lo + Math.floor(random() * (hi - lo + 1)),
    pick: (items) => items[Math.floor(random() * items.length)],
    chance: (p) => random() < p,
  };
}

/** Centavos as Caja prints them: $1,234.00. */
export function mxn(cents) {
  const pesos = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${pesos}.${String(cents % 100).padStart(2, '0')}`;
}
