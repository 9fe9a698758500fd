// What every table of `npm run bench` is printed with: numbers, aligned columns, medians
// and lists of targets, met or missed.

export function formatNumber(value, digits = 0) {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Rows as aligned columns: each column a title and a value(row) string; `left` aligns left. */
export function table(columns, rows) {
  const cells = [columns.map((c) => c.title), ...rows.map((row) => columns.map((c) => c.value(row)))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i].length)));
  const render = (line) =>
    line.map((cell, i) => (columns[i].left ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd();
  return [render(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(render)].join('\n');
}

/**
 * µs per query: the median over `runs` of the query set's time, each run repeating the set
 * (`runAll`, `count` queries) for at least `minRunMs`, so short sets are timed above the timer's steps.
 */
export function timePerQuery(runs, count, runAll, minRunMs = 50) {
  const perQuery = [];
  for (let run = 0; run < runs; run++) {
    let repeats = 0;
    const began = performance.now();
    do {
      runAll();
      repeats++;
    } while (performance.now() - began < minRunMs);
    perQuery.push(((performance.now() - began) * 1000) / (repeats * count));
  }
  return median(perQuery);
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Each target as [what, measured, met]: met true, false, or null when it does not apply. */
export function printTargetList(title, targets) {
  console.log('');
  console.log(title);
  for (const [what, measured, met] of targets) console.log(`  ${met === null ? 'n/a ' : met ? 'met ' : 'MISS'}  ${what}: ${measured}`);
}
