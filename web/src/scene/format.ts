// Numbers as the page writes them, on the map's labels and in its words alike: one
// function, so a cell's label and the sentence about it never round differently.

/**
 * Short numbers for labels and narration: integers as they are, others with up to
 * `decimals` decimals, and rounded to an integer from `wholeFrom` up.
 */
export function formatNumber(value: number | null, decimals = 1, wholeFrom = Infinity): string {
  if (value === null || !Number.isFinite(value)) return '–';
  if (Math.abs(value - Math.round(value)) < 1e-9 || Math.abs(value) >= wholeFrom) return String(Math.round(value));
  return value.toFixed(decimals).replace(/0+$/, '').replace(/\.$/, '');
}
