// What a pane shows, as plain data: the types the state side builds and the drawing reads.
// Neither side imports the other; both import this.
import type { Point } from '../engine/engine';
import type { PlacedLabel } from './label-layout';

/**
 * The per-cell numbers a page can show; it chooses any subset. 'jumps': the numbers a
 * search keeps per cell and direction, drawn at the cell's edges and corners (JPS+'s jump
 * table), on every cell, reached or not.
 */
export const CELL_LABELS = ['g', 'h', 'f', 'order', 'parent', 'jumps'] as const;
export type CellLabel = (typeof CELL_LABELS)[number];

/** What reached cells are coloured by: open and closed ('none') or one number, as a heat map. */
// 'learnedH': the h a planner learned in earlier plans (MPAA*'s learnedH channel), where it learned one.
export const HEAT_MODES = ['none', 'g', 'h', 'f', 'order', 'learnedH'] as const;
export type HeatMode = (typeof HEAT_MODES)[number];

/** One pane's values for a heat map (NaN where a cell has none) and the range they are coloured over. */
export interface Heat {
  mode: Exclude<HeatMode, 'none'>;
  values: Float32Array;
  min: number;
  max: number;
}

/** A walking agent as a pane draws it (walk mode): read-only for the renderer. */
export interface WalkView {
  agent: Point;
  /** Every cell the agent stood on, the start first. */
  walked: readonly Point[];
  /** The planned path from the agent to the goal (empty while planning or without a path). */
  planned: readonly Point[];
  /** Per cell, 1 where the agent knows the map; null when it knows all of it. */
  known: Uint8Array | null;
  /**
   * The cells the agent senses where it stands, a square of the sensing radius cut at the
   * map's edges (inclusive corners); null with full knowledge.
   */
  sensed: { from: Point; to: Point } | null;
  /** Cells the last move discovered (their true cost differed from what the agent assumed). */
  discovered: readonly Point[];
}

/**
 * How a cell reached by the search is filled (one byte per cell). Open and closed as the
 * search has them; the backward frontier of a two-sided search in its own colours; cells a
 * jump scan passed over, faintly. A cell on the path is filled as closed.
 */
export const FILL = { none: 0, open: 1, closed: 2, onPath: 3, backwardOpen: 4, backwardClosed: 5, scanned: 6 } as const;
export type FillKind = (typeof FILL)[keyof typeof FILL];

/**
 * What an overlay stands for; the drawing gives each role its colour, line and the zoom
 * from which it shows (render/draw-pane.ts), so the state side never names a colour.
 */
export type OverlayRole =
  /** A neighbour the step looked at and left as it was: a thin dashed outline. */
  | 'considered'
  /** A neighbour the step opened or improved. */
  | 'changed'
  /** The cell the step expanded. */
  | 'expanded'
  /** A neighbour the step could not enter. */
  | 'blocked'
  /** A jump scan that found nothing, and one that found a jump point or the goal. */
  | 'scan-dead-end'
  | 'scan-found'
  /** A subgoal graph's edge the step followed that opened or improved a node, and one that changed nothing. */
  | 'graph-edge'
  | 'graph-edge-kept'
  /** A forced neighbour that made a jump point. */
  | 'forced'
  /**
   * A line of sight the step checked: clear (and taken), blocked (and the cell that blocked
   * it), or clear but dearer than the ordinary move on a map with terrain (not taken).
   */
  | 'sight-clear'
  | 'sight-blocked'
  | 'sight-dearer'
  | 'sight-blocker'
  /** A depth-first search's current path from the start. */
  | 'depth-first'
  /** A two-sided search's best meeting so far. */
  | 'meeting'
  /** A subgoal graph's landmarks, which its h measures from. */
  | 'landmark'
  /** The path found (a walk: the plan ahead of the agent). */
  | 'path'
  /** MPAA*: the part of the path taken from a path kept from an earlier plan, and where it joins. */
  | 'reused'
  /** The cells a walking agent has stood on. */
  | 'walked'
  /** What a walking agent senses around it. */
  | 'sense'
  /** Cells the agent's last move found different from what it believed. */
  | 'discovered'
  /** A search on the navigation mesh: polygons navmesh A* has open, has closed, and the one it expanded this step. */
  | 'polygon-open'
  | 'polygon-closed'
  | 'polygon-current'
  /** Navmesh A*: the corridor of polygons from the start's to the goal's. */
  | 'corridor'
  /** The funnel: the portals it has walked, the one it walks now, its apex, its left and right sides, and the corners it has fixed so far. */
  | 'portal'
  | 'portal-current'
  | 'apex'
  | 'funnel-left'
  | 'funnel-right'
  | 'funnel-path'
  /** Polyanya: search nodes' intervals (open, expanded, pruned), the node expanded this step, roots, and the expanded node's view from its root. */
  | 'interval-open'
  | 'interval-closed'
  | 'interval-pruned'
  | 'interval-current'
  | 'root'
  | 'root-current'
  | 'cone'
  /** A cell picked in the inspector. */
  | 'highlight'
  /** The cell under the pointer and the keyboard's cursor: drawn on screen only. */
  | 'hover'
  | 'cursor';

/**
 * A mark over the map. Positions are in map units, where cell (x, y) spans [x, x + 1) ×
 * [y, y + 1) and its centre is (x + 0.5, y + 0.5); marks that stand for a whole cell give
 * the cell. (A map of another kind, a navigation mesh, would give positions and its own
 * cell shapes; nothing here assumes that a position is a cell's centre.)
 */
export type Overlay =
  | { shape: 'outline'; role: OverlayRole; cell: Point }
  | { shape: 'cross'; role: OverlayRole; cell: Point }
  | { shape: 'diamond'; role: OverlayRole; at: Point }
  | { shape: 'ring'; role: OverlayRole; at: Point }
  | { shape: 'segments'; role: OverlayRole; segments: ReadonlyArray<readonly [Point, Point]> }
  | { shape: 'polyline'; role: OverlayRole; points: readonly Point[] }
  /** The cells from `from` to `to` (inclusive corners), outlined as one rectangle. */
  | { shape: 'rect'; role: OverlayRole; from: Point; to: Point }
  /** Polygons given by their corners in map units (a navigation mesh's), filled and outlined as the role says. */
  | { shape: 'polygons'; role: OverlayRole; polygons: ReadonlyArray<readonly Point[]> }
  /** Small discs at points of the map (Polyanya's roots). */
  | { shape: 'dots'; role: OverlayRole; points: readonly Point[] };

/** The centre of a cell, in map units. */
export function centreOf(cell: Point): Point {
  return { x: cell.x + 0.5, y: cell.y + 0.5 };
}

/** What the corners of a reached cell show: which number goes in each (a presenter's choice). */
export interface CornerRule {
  /** Top left: f, or D* Lite's rhs. */
  topLeft: 'f' | 'rhs';
  /** Top right: the expansion order, or how often IDA* expanded the cell. */
  topRight: 'order' | 'visits';
  /** Cells only a backward frontier reached show its g, order and parent. */
  backward: boolean;
}

/** The numbers drawn on one visible cell, already read and written out ('' for none). */
export interface CellText {
  x: number;
  y: number;
  topLeft: string;
  topRight: string;
  bottomLeft: string;
  bottomRight: string;
  /** A terrain cost, on a cell the search has not reached. */
  centre: string;
  /** From the cell's centre toward its parent, in cells (any distance); null for none. */
  parent: Point | null;
  /** One number per direction (N, E, S, W, NE, SE, SW, NW: cpp/core/moves.h), drawn at that edge or corner; null for none. */
  directions: readonly DirectionLabel[] | null;
}

/** A number a cell holds for one direction: JPS+'s jump distance (a presenter's DirectionRule). */
export interface DirectionLabel {
  text: string;
  /** True when the number leads somewhere (a jump point), false when it counts the moves to a dead end: drawn muted. */
  reaches: boolean;
}

/** The map as a pane draws it: its size and every cell's cost (0 wall, 1 to 9), the same object while the map is unchanged. */
export interface MapScene {
  width: number;
  height: number;
  costs: Uint8Array;
  /** Changes whenever the costs do: the drawing redraws its picture of the map then. */
  revision: number;
}

/** Every cell's fill (FILL), refilled in place when the search moves; `revision` says when. */
export interface FillScene {
  kinds: Uint8Array;
  revision: number;
}

/** A walking agent's knowledge in unknown terrain: per cell, 1 where it knows the map. */
export interface FogScene {
  known: Uint8Array;
  revision: number;
}

/**
 * A navigation mesh of the map (the agent's walkable space, shrunk by its radius) as a pane
 * draws it: convex polygons as flat arrays in map units (engine/navmesh/build-mesh.ts's
 * MeshData), the same object while the mesh is unchanged.
 */
export interface MeshScene {
  /** x, y pairs. */
  vertices: Float64Array;
  /** Polygon p's vertices are polygonVertices[polygonStart[p] .. polygonStart[p + 1]). */
  polygonStart: Uint32Array;
  polygonVertices: Uint32Array;
  /** Changes whenever the mesh does: the drawing redraws its picture of the mesh then. */
  revision: number;
}

/** Start, goal or a walking agent: a lettered disc. */
export interface Marker {
  role: 'start' | 'goal' | 'agent';
  at: Point;
  letter: string;
}

/**
 * Everything one pane shows, as plain data: the state side builds one per pane whenever
 * what it shows changes (state/scenes.ts), and the canvas and the SVG export draw from it
 * and read nothing else. A new scene object means something changed; the same object, that
 * nothing did.
 */
export interface PaneScene {
  map: MapScene;
  /** The search's fills, or null when a heat map takes their place. */
  fills: FillScene | null;
  heat: Heat | null;
  fog: FogScene | null;
  /** The navigation mesh, when the page shows it (drawn over the map, under the search). */
  mesh: MeshScene | null;
  /** The numbers of the visible reached cells (and terrain costs), when cells are big enough; else none. */
  labels: readonly CellText[];
  /** Those of them that fit, where they go (scene/label-layout.ts): what the canvas draws. */
  placed: readonly PlacedLabel[];
  /** Whether the page shows per-cell numbers at all (markers shrink to leave them room). */
  labelsShown: boolean;
  /** Marks under the markers, in drawing order: the step's, the path (or the walk's), the search's. */
  overlays: readonly Overlay[];
  markers: readonly Marker[];
  /** Marks over the markers (a cell picked in the inspector). */
  above: readonly Overlay[];
  /** Marks for the screen only, left out of exported pictures: the pointer's cell, the keyboard's cursor. */
  screenOnly: readonly Overlay[];
}
