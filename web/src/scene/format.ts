// Numbers as the page writes them, on the map's labels and in its words alike: one
// function, so a cell's label and the sentence about it never round differently.

/**
 * Short numbers for labels and narration: integers as they are, others with up to
 * `decimals` decimals, and rounded to an integer from `wholeFrom` up.
 */
export function formatNumber(value: number | null, decimals = 1, wholeFrom = Infinity): string {
  if (value === null || !Number.isFinite(value)) return '–';
  if (Math.abs(value - Math.round(value)) < 1e-9 || Math.abs(value) >= wholeFrom) return String(Math.round(value));
  const fixed = value.toFixed(decimals);
  // Trailing zeros go only after a decimal point: 0.3 with no decimals is "0", not "".
  return decimals > 0 ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}
