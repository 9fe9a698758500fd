// Where to put start and goal on a map nobody placed them on (an import or a preset):
// in the largest 4-connected region, the cells nearest the top-left and bottom-right
// corners, so the first search shown is long and never "no path" by accident.
import type { Point } from '../engine/engine';

export function pickEndpoints(costs: Uint8Array, width: number, height: number): { start: Point; goal: Point } {
  const region = new Int32Array(width * height).fill(-1);
  const queue = new Int32Array(width * height);
  let bestRegion = -1, bestSize = 0, regionCount = 0;
  for (let seed = 0; seed < costs.length; seed++) {
    if (costs[seed] === 0 || region[seed] !== -1) continue;
    const label = regionCount++;
    let head = 0, tail = 0;
    queue[tail++] = seed;
    region[seed] = label;
    while (head < tail) {
      const id = queue[head++];
      const x = id % width, y = (id - x) / width;
      if (x > 0) visit(id - 1);
      if (x < width - 1) visit(id + 1);
      if (y > 0) visit(id - width);
      if (y < height - 1) visit(id + width);
    }
    if (tail > bestSize) { bestSize = tail; bestRegion = label; }
    function visit(next: number) {
      if (costs[next] !== 0 && region[next] === -1) { region[next] = label; queue[tail++] = next; }
    }
  }
  if (bestRegion < 0) return { start: { x: 0, y: 0 }, goal: { x: width - 1, y: height - 1 } };
  let startId = -1, goalId = -1, startScore = Infinity, goalScore = -Infinity;
  for (let id = 0; id < costs.length; id++) {
    if (region[id] !== bestRegion) continue;
    const x = id % width, y = (id - x) / width;
    if (x + y < startScore) { startScore = x + y; startId = id; }
    if (x + y > goalScore) { goalScore = x + y; goalId = id; }
  }
  return {
    start: { x: startId % width, y: Math.floor(startId / width) },
    goal: { x: goalId % width, y: Math.floor(goalId / width) },
  };
}
