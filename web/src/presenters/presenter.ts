// What the page knows about an algorithm, asked of its presenter: tldraw's shape util (one
// util per kind of shape, in a checked list, and the canvas and the UI ask the util instead
// of branching on the kind). Here one presenter module per family of algorithms (best-first,
// jump points, bidirectional, IDA*, Theta*, D* Lite, MPAA*) makes a Presenter for each algorithm
// of the family, and index.ts holds them in a Record over the engine's AlgorithmName: an
// algorithm the engine gains without a presenter does not compile. Nothing outside this
// folder branches on an algorithm's name or guesses its family from its channels.
//
// A presenter is pure: it reads a step's events, a search's state and the page's phrases
// and returns words, lines of pseudocode, fills and marks as plain data. It never touches
// the DOM or the canvas, so the narration, the pseudocode and the picture it describes are
// read from the same events and cannot disagree.
import type { CellView, ChannelName, FunnelStep, MeshEvent, MeshSearch, Point, Progress, Search, SearchStatus, StepEvent } from '../engine/engine';
import type { CornerRule, DirectionLabel, Overlay } from '../scene/pane-scene';
import type { Language } from '../state/store';
import type { PhraseKey } from '../ui/i18n';
import type { FrontierKind } from './frontier';
import type { LineId, Pseudocode } from './pseudocode';

/** The page's phrases in the language shown. */
export type Say = (key: PhraseKey, params?: Record<string, string | number>) => string;

/** Marks of the legend that only some algorithms draw. */
export type LegendMark = 'backwardOpen' | 'backwardClosed' | 'meeting' | 'scanned' | 'scan' | 'jumps' | 'sight' | 'stack' | 'inconsistent' | 'reused' | 'learnedH' | 'subgoal' | 'landmark' | 'edges'
  | 'polygons' | 'corridor' | 'funnel' | 'intervals' | 'roots' | 'pruned';

/** What the narration of a step may use besides the step's events: read once, as plain values. */
export interface StepStory {
  say: Say;
  language: Language;
  /** The step's number on its timeline. */
  stepNumber: number;
  /** The search's state right after the step. */
  status: SearchStatus;
  pathCost: number | null;
  progress: Progress;
  goal: Point;
  /** A channel's value at a cell of the search right after the step (NaN where it has none). */
  channelAt(channel: ChannelName, cell: Point): number;
}

/** The story of a step of `search`, read right after it: what the page gives a presenter, and tests too. */
export function searchStory(search: Search, say: Say, language: Language, stepNumber: number, goal: Point): StepStory {
  const width = search.cellView().width;
  return {
    say,
    language,
    stepNumber,
    status: search.status,
    pathCost: search.pathCost,
    progress: search.progress(),
    goal,
    channelAt: (channel, cell) => search.cellView().valueAt(channel, cell.y * width + cell.x),
  };
}

/**
 * What the heuristic menu names for a search that reads no heuristic option but has an h of
 * its own: a phrase, given {name}, the name of the rule's own distance (octile with diagonal
 * moves, Manhattan without).
 */
export type OwnHeuristic = PhraseKey;

export interface Presenter {
  /** What the search keeps its frontier in, which names it everywhere (frontier.ts). */
  readonly frontier: FrontierKind;
  /** Its pseudocode in both languages, and which lines each kind of event passes. */
  readonly pseudocode: Pseudocode;
  /** The line a walk's planner is on after a move that made it plan again: D* Lite and MPAA* carry what they have over ('repair'), the others start afresh. */
  readonly replanLine: LineId;
  /** The legend's marks it draws beyond open, closed and the path. */
  readonly legend: readonly LegendMark[];
  /** Whether Compare and Add search offer it on their own (index.ts's order is the order they do). */
  readonly offeredByCompare: boolean;
  /** Which numbers the corners of a reached cell show when zoomed in. */
  readonly corners: CornerRule;
  /** The h it works out itself, for a search that reads no heuristic option (ownHeuristicOf). */
  readonly ownHeuristic?: OwnHeuristic;
  /**
   * The numbers a cell holds per direction (N, E, S, W, NE, SE, SW, NW), drawn at its edges
   * and corners when zoomed in, reached or not (JPS+: its jump table); null where it has
   * none. Families that keep nothing per direction leave it out.
   */
  directionLabels?(cells: CellView, id: number): DirectionLabel[] | null;
  /** Before the first step: where the search begins. */
  narrateStart(say: Say, start: Point, goal: Point): string;
  /** The sentences of one observed step, in the order things happened. */
  narrateStep(step: StepEvent, story: StepStory): string[];
  /** The tooltip's lines about what the search made of a cell (after the cell and its cost). */
  tooltip(cell: Point, id: number, search: Search, say: Say): string[];
  /** Every cell's fill (scene FILL kinds) into `out`; `scratch` is a second buffer of the same length. */
  fillCells(cells: CellView, out: Uint8Array, scratch: Uint8Array): void;
  /**
   * The marks of the current step (drawn under the path) and of the search as a whole
   * (drawn over it), from the step's events and a few reads of the search.
   */
  overlays(step: StepEvent | null, search: Search): { step: Overlay[]; search: Overlay[] };
}

/**
 * A search on the navigation mesh as its presenter reads it, at the step shown: the search
 * (read only), the step's events, the status as the timeline has it (navmesh A* runs on
 * while its funnel walks) and the funnel's steps walked so far. Read by the scene, the
 * narration, the tooltip and the inspector alike.
 */
export interface MeshView {
  readonly search: MeshSearch;
  readonly events: readonly MeshEvent[] | null;
  readonly status: SearchStatus;
  readonly funnel: readonly FunnelStep[];
  /** The step's number on its timeline. */
  readonly stepNumber: number;
}

/** One entry of a mesh search's open list, as the inspector lists it. */
export interface MeshOpenEntry {
  node: number;
  g: number;
  h: number;
  f: number;
}

/**
 * What the page knows about a search on the navigation mesh (navmesh A* + funnel,
 * Polyanya): the mesh counterpart of Presenter, whose nodes are polygons or search nodes,
 * not cells. Pure, like Presenter.
 */
export interface MeshPresenter {
  readonly frontier: FrontierKind;
  readonly ownHeuristic?: OwnHeuristic;
  readonly pseudocode: Pseudocode;
  readonly legend: readonly LegendMark[];
  readonly offeredByCompare: boolean;
  narrateStart(say: Say, start: Point, goal: Point): string;
  /** The sentences of the step shown (view.events non-null). */
  narrateStep(view: MeshView, say: Say): string[];
  /** The pseudocode lines the step shown went through, in the program's order, and the one to mark. */
  lines(view: MeshView): { passed: LineId[]; current: LineId };
  /** What the search made of the nodes at a cell of the map (the polygon holding its centre; the intervals crossing it). */
  tooltip(cell: Point, view: MeshView, say: Say): string[];
  /** An open-list entry's name in words ("polygon 12 at (3.5, 4)", "node 7: root (3, 4), interval ...") and where it lies, to ring it. */
  describeEntry(entry: MeshOpenEntry, view: MeshView, say: Say): { name: string; at: Point | null };
  /** The marks of the step (under the path) and of the search as a whole (its nodes, the path). */
  overlays(view: MeshView): { step: Overlay[]; search: Overlay[] };
}
