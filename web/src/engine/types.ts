// The engine's public values and the types they are made of: option names and SearchOptions
// (with the defaults and how to fit them to an algorithm), a step's events, the figures a
// search reports, scenario queries and the engine's limits. Every name here comes from the
// core's tables through generated/names.ts, so TypeScript spells none of them; the objects
// that use these types (Engine, Grid, Search, Walk) are declared in ./interfaces.ts.
//
// Nothing here touches the wasm module: a program can import these types (and the frozen
// defaults) without loading the engine.
import type { AlgorithmRow } from './catalog';
// Every name and limit the core hands JavaScript, generated from its tables at build time.
import * as names from './generated/names';
import type {
  AlgorithmName as GeneratedAlgorithmName,
  CellPhaseName,
  CostModelName as GeneratedCostModelName,
  DiagonalName as GeneratedDiagonalName,
  HeuristicName as GeneratedHeuristicName,
  RefusalName as GeneratedRefusalName,
  SideName,
  StatusName,
} from './generated/names';

/** A search's name as the CLI, share links, the element and findPath spell it ('astar', 'jps', 'dstar-lite', ...); catalog.algorithms describes each. */
export type AlgorithmName = GeneratedAlgorithmName;
/** Heuristics; without one, an algorithm's own default (octile with diagonal moves, manhattan without). */
export type HeuristicName = GeneratedHeuristicName;
/** When a diagonal move is allowed, judged by the two cells beside it; only-when-no-obstacles is the Moving AI rule. */
export type DiagonalName = GeneratedDiagonalName;
/** Move costs: exact (1 and √2, the Moving AI lengths) or 10-14 (10 and 14, as classic tutorials count). */
export type CostModelName = GeneratedCostModelName;
/**
 * Why options cannot run on a grid: JPS+, the subgoal graph and the mesh searches need one
 * terrain cost; Theta* never cuts corners and counts exactly; a walk moves cell to
 * cell. ('none' is the engine's own name
 * for no refusal; what returns a refusal gives null instead.)
 */
export type RefusalName = GeneratedRefusalName;

/** A search's options (findPath's are the same, with `costs` for `costModel`). */
export interface SearchOptions {
  algorithm: AlgorithmName;
  diagonal: DiagonalName;
  /** undefined: the algorithm's default (see AlgorithmRow.defaultHeuristic). */
  heuristic?: HeuristicName;
  /** Heuristic weight for algorithms that use one (1 is plain A*; above 1 trades optimality for speed; at most 100). */
  weight: number;
  /** Move lengths 1 and sqrt 2 (exact) or 10 and 14. */
  costModel: CostModelName;
  /** Expansions after which the search gives up (status gave-up); undefined or 0: no limit. IDA* can need very many on open maps. */
  maxExpansions?: number;
}

export const DEFAULT_OPTIONS: Readonly<SearchOptions> = Object.freeze({
  algorithm: 'astar',
  diagonal: 'only-when-no-obstacles',
  weight: 1,
  costModel: 'exact',
});

/**
 * The options to switch to `row`: the same, except a diagonal rule or cost model the
 * algorithm does not support, which becomes one it does (the last of its rules, which is
 * the strictest, and its first cost model).
 */
export function fitOptions(row: AlgorithmRow, options: SearchOptions): Partial<SearchOptions> {
  const fitted: Partial<SearchOptions> = { algorithm: row.name };
  if (!row.diagonals.includes(options.diagonal)) fitted.diagonal = row.diagonals[row.diagonals.length - 1];
  if (!row.costModels.includes(options.costModel)) fitted.costModel = row.costModels[0];
  return fitted;
}

/** Where a search is: ready, running, or finished as found, no-path, gave-up (at maxExpansions) or refused. */
export type SearchStatus = StatusName;
/** What a cell is in the current search (IDA*: open means on its depth-first path). */
export type CellPhase = CellPhaseName;
/** Every cell phase, by its number (CellView.phaseAt's 0 to 3). */
export const CELL_PHASES: readonly CellPhase[] = names.CELL_PHASE_NAMES;
/** The frontier a cell or event belongs to: backward only in bidirectional search. */
export type Side = SideName;
/** Both frontiers, forward first. */
export const SIDES: readonly Side[] = names.SIDE_NAMES;

/** A cell: `x` grows to the east, `y` to the south, both from 0. */
export interface Point {
  x: number;
  y: number;
}

/** The outcomes events of kind K report (cpp/core/events.h, kOutcomes). */
export type OutcomeOf<K extends keyof typeof names.OUTCOMES_BY_EVENT_KIND> = (typeof names.OUTCOMES_BY_EVENT_KIND)[K][number];

/** What happened to a neighbour of the expanded cell. */
export type NeighbourOutcome = OutcomeOf<'neighbour'>;

/**
 * One thing that happened in a step (cpp/core/events.h has the full story of each kind).
 * Every step has exactly one `expand`; what led to it (IDA*'s backtrack and iteration)
 * comes before it, what it did after it.
 */
export type SearchEvent =
  /** `cell` was taken from the open list (IDA*: the stack); `parent` is where it hangs from. */
  | { kind: 'expand'; cell: Point; side: Side; g: number; h: number; f: number; parent: Point | null }
  /** A neighbour of the expanded cell, and what became of it; `parent` is its parent after the step. */
  | { kind: 'neighbour'; cell: Point; side: Side; outcome: NeighbourOutcome; oldG: number | null; newG: number | null; parent: Point | null }
  /**
   * JPS: a scan from `from` in direction `dir` (0..7 = N, E, S, W, NE, SE, SW, NW) that stopped at `to`.
   * `keptByTerrain`: `from` is the expanded cell, beside a change of terrain, and only the terrain rule keeps
   * this direction there (the walls' rules alone would prune it).
   */
  | { kind: 'scan'; from: Point; to: Point; dir: number; outcome: OutcomeOf<'scan'>; keptByTerrain: boolean }
  /** JPS: `cell` is a forced neighbour of `jumpPoint`. */
  | { kind: 'forced'; cell: Point; jumpPoint: Point }
  /**
   * Theta*: the line of sight from `from` (the expanded cell's parent) to `to` (a neighbour).
   * `clear`: it touches no blocked cell; else `blockedBy` is the first blocked cell it touches.
   * `dearer` (only on a map with terrain): clear, but not taken, because the straight line,
   * costed by the terrain it crosses, costs more than the ordinary move from the expanded cell.
   */
  | { kind: 'sight'; from: Point; to: Point; clear: boolean; dearer: boolean; blockedBy: Point | null }
  /** Bidirectional: the best meeting improved: through `cell`, at `cost`. */
  | { kind: 'meet'; cell: Point; cost: number }
  /** IDA*: iteration `iteration` starts with f threshold `threshold`. */
  | { kind: 'iteration'; iteration: number; threshold: number }
  /** IDA*: the depth-first path was cut back to end at `cell` (null: the whole path), `popped` cells removed. */
  | { kind: 'backtrack'; cell: Point | null; popped: number }
  /**
   * Bidirectional: stop; no path can be cheaper than `cost`, since `bound` (the frontiers' larger smallest f) is no less.
   * MPAA*: the cell just expanded is on a path kept from an earlier plan that still leads to the goal: stop; the path
   * through it costs `cost`, and `bound` (the same f, the open list's smallest) proves it cheapest.
   */
  | { kind: 'stop'; cost: number; bound: number }
  /**
   * D* Lite: what popping `cell` (the step's expand, reported just before) did. It was popped
   * with key [k1; k2]. 'key-raised': its key had grown since it was queued (the start moved),
   * so it went back in with k1 `newK1`; 'over-consistent': g > rhs, so g was lowered to rhs
   * (from `oldG`, often Infinity) and it left the queue; 'under-consistent': g < rhs, so g
   * was raised to Infinity (from `oldG`) and its predecessors' rhs are recomputed.
   */
  | { kind: 'key'; cell: Point; outcome: OutcomeOf<'key'>; k1: number; k2: number; newK1: number | null; oldG: number | null }
  /**
   * D* Lite: the rhs of `cell` (a predecessor of the popped cell; after an under-consistent
   * pop also the popped cell itself, whose rhs may be unchanged) went from `oldRhs` to
   * `newRhs` (Infinity: no known way to the goal). 'queued': it became inconsistent and
   * entered the queue; 'requeued': it stays in the queue with a new key; 'dequeued': it is
   * consistent again and left the queue. `k1`: its key's first part in the queue now (null
   * when dequeued); `next`: its successor on the best way to the goal now (null for none).
   */
  | { kind: 'rhs'; cell: Point; outcome: OutcomeOf<'rhs'>; oldRhs: number; newRhs: number; k1: number | null; next: Point | null };

export type SearchEventKind = SearchEvent['kind'];
export type EventOf<K extends SearchEventKind> = Extract<SearchEvent, { kind: K }>;

/** One observed step: the expansion (its cell and numbers) and every event, in order. */
export interface StepEvent {
  cell: Point;
  side: Side;
  g: number;
  h: number;
  f: number;
  events: SearchEvent[];
}

/** The step's events of one kind, in order. */
export function eventsOf<K extends SearchEventKind>(step: StepEvent, kind: K): EventOf<K>[] {
  return step.events.filter((event): event is EventOf<K> => event.kind === kind);
}

/** Work done by a search so far. */
export interface Counters {
  /** Expansions (steps), re-expansions included. */
  expanded: number;
  /** Cells added to an open list, the start included. */
  opened: number;
  /** Times an open cell's g was lowered. */
  improved: number;
  /** Largest open-list size seen (IDA*: deepest stack). */
  maxOpen: number;
  /** Current open-list size (IDA*: stack depth; bidirectional: both lists). */
  openSize: number;
}

/** Figures some algorithms keep besides the counters (null where they do not apply). */
export interface Progress {
  /** IDA*: the current f threshold. */
  threshold: number | null;
  /** IDA*: the current iteration, 1-based. */
  iteration: number | null;
  /** Bidirectional: the cost of the best meeting so far. */
  meetingCost: number | null;
  /** Bidirectional: where that meeting is. */
  meetingCell: Point | null;
}

/**
 * How far a search that prepares per map (JPS+ builds a jump table from the map) has come
 * with it. The catalog says which algorithms prepare (AlgorithmRow.prepares).
 */
export interface Preparation {
  /** False for searches that prepare nothing (then ready is true and the figures are 0). */
  needed: boolean;
  /** The prepared data fits the grid as it is now and the options (JPS+: the diagonal rule). */
  ready: boolean;
  /** Units of work done, of `total` (JPS+: rows, two sweeps of the map's height). */
  done: number;
  total: number;
  /** Bytes of wasm memory the prepared data holds now. */
  bytes: number;
}

/** One entry of the open list (Search.openList). Every listed cell has been reached, so no number is missing. */
export interface OpenListEntry {
  cell: Point;
  /** Cost from its side's root: the start, or for the backward side of bidirectional search the goal. */
  g: number;
  /** Heuristic toward the other root, unweighted. */
  h: number;
  /** The priority as f() reports it (A* g + weight*h, greedy h, breadth-/depth-first g; bidirectional g + h per side). */
  f: number;
  /** The list it is on: backward only for bidirectional search's second list. */
  side: Side;
}

/** A query of a Moving AI .scen file. */
export interface ScenarioQuery {
  /** Difficulty bucket. */
  bucket: number;
  /** The map's path as the file writes it. */
  mapPath: string;
  /** The map's width as the query states it. */
  mapWidth: number;
  /** The map's height as the query states it. */
  mapHeight: number;
  start: Point;
  goal: Point;
  /** The published optimal length; -1: no path expected. */
  optimal: number;
}


/** Largest grid side (cpp/core/grid.h): createGrid takes 1 to this many cells each way. */
export const MAX_GRID_SIDE = names.MAX_GRID_SIDE;
/** Largest terrain cost (0 is a wall): entering a cell costs the move's length times its cost. */
export const MAX_TERRAIN_COST = names.MAX_TERRAIN_COST;
/** Largest heuristic weight; the core clamps larger ones, so inputs above it are refused. */
export const MAX_WEIGHT = names.MAX_WEIGHT;
/**
 * Expansions after which Engine.findPath (and the package's) gives up, status gave-up, with
 * a search whose work the grid does not bound (the catalog's reexpands: IDA*, which on an
 * open map or toward an unreachable goal can run for minutes), unless maxExpansions says
 * otherwise. The playground's default limit is the same.
 */
export const FIND_PATH_EXPANSION_LIMIT = 1_000_000;
/** Largest sense radius of a walk (cpp/core/walk.h): 0 is the whole map, 1 to this only what the agent has sensed. */
export const MAX_SENSE_RADIUS = names.MAX_SENSE_RADIUS;

/** The engine's wasm heap, in bytes, and the objects that hold it. */
export interface EngineMemoryUsage {
  /** Handed out and not freed. */
  inUse: number;
  /** The heap's current size: it grows when needed and never shrinks. */
  heapSize: number;
  /** The size it may grow to. */
  heapLimit: number;
  /** Grids, searches and walks made and neither deleted nor reclaimed yet. */
  liveObjects: number;
}
