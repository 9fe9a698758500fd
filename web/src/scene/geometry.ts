// Where the page's marks go on the map, shared by the scene's builder, the drawing and the
// pointer (which grabs start and goal where they are drawn): pure functions of numbers.
import type { Point } from '../engine/engine';

/** From this many pixels per cell, reached cells carry their numbers. */
export const LABEL_MIN_SCALE = 28;

/**
 * The radius in pixels of the start, goal and agent markers at `scale` pixels per cell, with
 * or without per-cell labels on the map. Never smaller than a finger-sized dot, so start and
 * goal stay visible on big maps, where they cover many cells; where cells carry labels the
 * dot shrinks to the middle, so the start's g, h and f in the corners stay readable. The
 * pointer grabs start and goal within this radius (input/pointer.ts): what is seen is what
 * is grabbed.
 */
export function markerRadius(scale: number, labelsShown: boolean): number {
  const labelled = labelsShown && scale >= LABEL_MIN_SCALE;
  return Math.max(scale * (labelled ? 0.24 : 0.36), 7);
}

/**
 * The path's corners: its first and last points and every point where it turns. Drawing
 * them draws exactly the same line, with far fewer vertices on long paths (a path through
 * a 1024 x 1024 maze has hundreds of thousands of cells, and each pane strokes it twice
 * a frame).
 */
export function cornersOf(path: readonly Point[]): Point[] {
  if (path.length < 3) return [...path];
  const corners = [path[0]!];
  for (let i = 1; i < path.length - 1; i++) {
    const a = path[i - 1]!, b = path[i]!, c = path[i + 1]!;
    // Collinear when the cross product of the two steps is zero.
    if ((b.x - a.x) * (c.y - b.y) !== (b.y - a.y) * (c.x - b.x)) corners.push(b);
  }
  corners.push(path[path.length - 1]!);
  return corners;
}
