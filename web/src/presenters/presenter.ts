// What the page knows about an algorithm, asked of its presenter: tldraw's shape util (one
// util per kind of shape, in a checked list, and the canvas and the UI ask the util instead
// of branching on the kind). Here one presenter module per family of algorithms (best-first,
// jump points, bidirectional, IDA*, Theta*, D* Lite) makes a Presenter for each algorithm
// of the family, and index.ts holds them in a Record over the engine's AlgorithmName: an
// algorithm the engine gains without a presenter does not compile. Nothing outside this
// folder branches on an algorithm's name or guesses its family from its channels.
//
// A presenter is pure: it reads a step's events, a search's state and the page's phrases
// and returns words, lines of pseudocode, fills and marks as plain data. It never touches
// the DOM or the canvas, so the narration, the pseudocode and the picture it describes are
// read from the same events and cannot disagree.
import type { CellView, Point, Progress, Search, SearchStatus, StepEvent } from '../engine/engine';
import type { CornerRule, Overlay } from '../scene/pane-scene';
import type { Language } from '../state/store';
import type { PhraseKey } from '../ui/i18n';
import type { FrontierKind } from './frontier';
import type { LineId, Pseudocode } from './pseudocode';

/** The page's phrases in the language shown. */
export type Say = (key: PhraseKey, params?: Record<string, string | number>) => string;

/** Marks of the legend that only some algorithms draw. */
export type LegendMark = 'backwardOpen' | 'backwardClosed' | 'meeting' | 'scanned' | 'scan' | 'sight' | 'stack' | 'inconsistent';

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
}

export interface Presenter {
  /** What the search keeps its frontier in, which names it everywhere (frontier.ts). */
  readonly frontier: FrontierKind;
  /** Its pseudocode in both languages, and which lines each kind of event passes. */
  readonly pseudocode: Pseudocode;
  /** The line a walk's planner is on after a move that made it plan again: D* Lite repairs, the others start afresh. */
  readonly replanLine: LineId;
  /** The legend's marks it draws beyond open, closed and the path. */
  readonly legend: readonly LegendMark[];
  /** Whether Compare and Add search offer it on their own (index.ts's order is the order they do). */
  readonly offeredByCompare: boolean;
  /** Which numbers the corners of a reached cell show when zoomed in. */
  readonly corners: CornerRule;
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
