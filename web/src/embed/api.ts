// The public types of <astar-playground> and mount(): what a page author's TypeScript sees.
// The element's shipped declaration, dist/embed/astar-playground.d.ts, is generated from its
// entry (astar-playground.ts, which re-exports these) at the same build (vite.config.ts,
// bundledDeclaration), TSDoc included. Types only: the names they use (algorithms, control
// groups, cell labels, languages) come from the engine's generated lists and the page's own
// tables, so an option the page adds is an option the declaration has.
import type { AlgorithmName, CostModelName, DiagonalName, HeuristicName } from '../engine/engine';
import type { CellLabel as DrawnLabel } from '../scene/pane-scene';
import type { Language } from '../state/store';
import type { ControlGroup as PageControlGroup } from '../ui/controls';

/** The playground's languages. */
export type LanguageCode = Language;

/**
 * A group of controls for `controls`:
 * - `play`: play/pause, step back, step, reset; `speed`, `timeline`: the two sliders;
 * - `status`: the counters line; `narration`: the sentence describing the current step;
 * - `algorithm`, `heuristic`, `diagonal`, `weight`: the search options;
 * - `compare`: the Compare, Add search and Stop comparing buttons and each pane's remove button;
 * - `inspect`: the open list and the pseudocode of the search; `walk`: the walk controls;
 * - `draw`, `map`: drawing tools and whole-map tools (never shown when read-only);
 * - `legend`, `about`; `share`: the Share and Embed buttons; `language`: the language menu.
 */
export type ControlGroup = PageControlGroup;

/** A per-cell number drawn when cells are large enough: g, h, f, expansion order, parent arrow (reached cells), JPS+'s jump table (every cell). */
export type CellLabel = DrawnLabel;

/**
 * Options of mount(), the same settings as the element's attributes. Lists may be given
 * as arrays or as space-separated strings; a value that is not understood is ignored and
 * named in a message on the playground.
 */
export interface PlaygroundOptions {
  /** A share payload: the whole fragment of a playground link ("v2=...", or an older "v1=...") or the part after "v2=". Default: the demo map. */
  map?: string;
  /** Width of the playground as a CSS length (a number is pixels). Default: the container's width. */
  width?: string | number;
  /** Height of the map area as a CSS length (a number is pixels). Default: from the map's shape. */
  height?: string | number;
  /** Overrides the map's algorithm. */
  algorithm?: AlgorithmName;
  /**
   * Compares searches side by side, one pane per algorithm (1 to 4), each with the map's
   * first search's options; a comparison table and chart go with them. "astar,dijkstra,jps".
   */
  algorithms?: readonly AlgorithmName[] | string;
  /** Overrides the map's heuristic. */
  heuristic?: HeuristicName;
  /** Overrides the map's diagonal rule. */
  diagonal?: DiagonalName;
  /** Overrides the map's heuristic weight (for algorithms that use one), 0 to 100. */
  weight?: number;
  /** Overrides the map's move costs. */
  costs?: CostModelName;
  /** Expansions after which a search gives up (1 to 100,000,000); matters for IDA*, which expands cells again. */
  'max-expansions'?: number;
  /**
   * Starts playing once shown, and again whenever the map or options change. While the
   * element is off screen its animation waits, and goes on when it scrolls back into view.
   */
  autoplay?: boolean;
  /** Steps per second (10), steps per frame ("50/frame") or "instant"; the nearest speed offered is used. */
  speed?: number | string;
  /** Which control groups to show (the words `all` and `none` are accepted too). Default: `play speed timeline status`. */
  controls?: readonly ControlGroup[] | string;
  /**
   * No editing: dragging pans, and the drawing and map tools are hidden. On a touch screen
   * a vertical swipe over the map scrolls the page; a sideways drag pans, a pinch zooms.
   */
  readonly?: boolean;
  /** Language of the controls. Default: the `lang` of the page around the element. */
  lang?: LanguageCode;
  /** Which per-cell numbers to draw. Default: all. */
  labels?: readonly CellLabel[] | string;
  /**
   * "walk": an agent walks from the start to the goal, planning with the algorithm (D* Lite
   * repairs its plan as it learns; the others plan again from scratch); "search": the
   * searches run as usual. Default: as the map's link says.
   */
  mode?: 'search' | 'walk';
  /**
   * In walk mode, unknown terrain: the agent knows only cells within this many cells
   * (Chebyshev distance) of where it has been, 1 to 10; 0: it knows the whole map.
   */
  sense?: number;
  /**
   * The agent radius in cells, 0 to 4 in quarters: the navigation mesh is built for it and
   * the searches on the mesh (navmesh, polyanya) plan for it. Default: as the map's link says.
   */
  radius?: number;
}

/** Detail of the `astar-step` and `astar-done` events. */
export interface PlaygroundEventDetail {
  /** Steps taken by the search shown (expansions; in walk mode, the walk's steps). */
  step: number;
  /** Cells expanded so far (in walk mode, by all the walk's plans). */
  expanded: number;
  /** Cost of the path found (in walk mode, the cost walked, once arrived); null until then or when there is none. */
  pathCost: number | null;
}

/** What the element exposes for tests and debugging; not a stable API. */
export interface PlaygroundInternals {
  /** The playground's state and actions. */
  readonly store: unknown;
  readonly canvas: HTMLCanvasElement;
}

/**
 * `<astar-playground>`. Attributes: map, width, height, algorithm, algorithms, heuristic,
 * diagonal, weight, costs, max-expansions, autoplay, speed, controls, readonly, lang, labels,
 * mode, sense, radius (see PlaygroundOptions); changing one updates the playground. Events (bubbling,
 * composed): `astar-ready` once shown, `astar-step` when the step shown changes, `astar-done`
 * when a search finishes; the latter two carry a PlaygroundEventDetail. Keyboard shortcuts
 * (Space, arrows, R) act only while the element has focus.
 */
export interface AstarPlaygroundElement extends HTMLElement {
  /** Set once the playground is shown (after `astar-ready`); null before and after removal. */
  readonly playground: PlaygroundInternals | null;
  /** Resolves once the playground is shown; rejects if it cannot start. */
  readonly ready: Promise<void>;
  /** The share fragment ("v2=...") of what the playground shows now. */
  shareFragment(): string;
}

/** A playground made by mount(). */
export interface PlaygroundHandle {
  readonly element: AstarPlaygroundElement;
  /** Calls `listener` on each step or finished search; returns a function that stops it. */
  on(type: 'step' | 'done', listener: (detail: PlaygroundEventDetail) => void): () => void;
  /** Changes settings; `undefined` for a setting removes it (back to its default). */
  update(options: PlaygroundOptions): void;
  /** The share fragment ("v2=...") of what the playground shows now. */
  shareFragment(): string;
  /** Removes the playground and frees its WebAssembly memory. */
  destroy(): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'astar-playground': AstarPlaygroundElement;
  }
  interface HTMLElementEventMap {
    'astar-ready': CustomEvent<void>;
    'astar-step': CustomEvent<PlaygroundEventDetail>;
    'astar-done': CustomEvent<PlaygroundEventDetail>;
  }
}
