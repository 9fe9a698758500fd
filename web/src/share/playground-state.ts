// The bridge between a playground and a share link: what the store shows, as the codec's
// ShareState, and back. The codec (share-link.ts) knows nothing of the store, and the store
// knows nothing of links; this file is the one place that translates between them.
//
// The view travels as "the map point at the centre of the canvas, and the size of a cell"
// rather than as the store's pixel offsets, so a link opened in a window of another size
// still looks at the same place.
import type { SearchOptions } from '../engine/engine';
import type { Viewport } from '../scene/viewport';
import { REST } from '../state/jobs';
import { DEFAULT_EXPANSION_LIMIT } from '../state/limits';
import type { MessageKey, PlaygroundStore } from '../state/store';
import {
  ShareLinkError,
  allSteps,
  decodeSteps,
  encodeShareFragment,
  type ShareLinkProblem,
  type ShareState,
  type ShareView,
} from './share-link';

/** Name given to a map that came from a link (used for export file names). */
const SHARED_MAP_NAME = 'shared';
// The codec refuses view centres further than this many map sizes from the origin; a view
// panned that far away shows nothing of the map, so clamping it loses nothing.
const MAX_CENTRE_SPAN = 4;

/** The message shown for each kind of bad link. */
export const SHARE_LINK_MESSAGES: Readonly<Record<ShareLinkProblem, MessageKey>> = {
  'not-a-share-link': 'error.shareLink.notALink',
  'unknown-version': 'error.shareLink.unknownVersion',
  'too-long': 'error.shareLink.tooLong',
  'corrupt': 'error.shareLink.corrupt',
  'bad-size': 'error.shareLink.badSize',
  'bad-value': 'error.shareLink.badValue',
};

/** Everything the playground shows that a link reproduces. */
export function captureShareState(store: PlaygroundStore): ShareState {
  return { ...shownSettings(store), costs: store.grid.costs() };
}

/**
 * A key of what a link of the playground would hold, without encoding it: equal keys,
 * equal links. Cheap (the map stands in by its revision), so the address bar can tell
 * whether anything a link holds has changed before it spends time encoding one.
 */
export function shareKey(store: PlaygroundStore): string {
  const { grid } = store;
  return JSON.stringify([grid.width, grid.height, grid.revision, shownSettings(store)]);
}

/** The state a link holds, but the map's costs. */
function shownSettings(store: PlaygroundStore): Omit<ShareState, 'costs'> {
  const { grid } = store;
  // The step being gone to, while the searches are on their way there: it is what they will show.
  const step = store.timelineStep;
  return {
    width: grid.width,
    height: grid.height,
    start: { ...store.start },
    goal: { ...store.goal },
    searches: store.runs.map((run) => linkOptions(run.options)),
    // Live mode shows the finished searches whatever their length, and keeps doing so after
    // edits; a step number would freeze them at one length. A walk whose map was edited
    // while it walked cannot be replayed from the map as it is now: its link starts it again.
    step: store.walking ? (store.walkEdited ? 0 : step) : store.live ? null : step,
    view: store.viewIsFitted ? null : toShareView(store.view, store.canvasWidth, store.canvasHeight, grid.width, grid.height),
    walk: store.walking ? { unknownTerrain: store.unknownTerrain, senseRadius: store.senseRadius, stepSize: store.walkStepSize } : null,
    ...(store.navMesh.radius > 0 ? { meshRadius: store.navMesh.radius } : {}),
  };
}

/** A run's options as a link holds them: the page's own expansion limit is what a link without one gets, so it is left out. */
function linkOptions({ algorithm, diagonal, weight, costModel, heuristic, maxExpansions }: SearchOptions): SearchOptions {
  const options: SearchOptions = { algorithm, diagonal, weight, costModel };
  if (heuristic !== undefined) options.heuristic = heuristic;
  if (maxExpansions !== undefined && maxExpansions !== DEFAULT_EXPANSION_LIMIT) options.maxExpansions = maxExpansions;
  return options;
}

/** What an embed makes of a link's searches (its option settings); the identity elsewhere. */
export type SearchesAdjustment = (searches: SearchOptions[]) => SearchOptions[];
const unchanged: SearchesAdjustment = (searches) => searches;

/**
 * Shows exactly the given state: map, endpoints, searches, step and view. `adjust` changes
 * the searches in the same load (an embed's option settings), so the step is kept and the
 * searches are computed once.
 */
export function applyShareState(store: PlaygroundStore, state: ShareState, adjust: SearchesAdjustment = unchanged): void {
  store.loadState({
    map: {
      width: state.width,
      height: state.height,
      costs: state.costs.slice(),
      start: { ...state.start },
      goal: { ...state.goal },
      name: SHARED_MAP_NAME,
    },
    searches: adjust(state.searches.map((options) => ({ ...options }))),
    step: state.step,
    walk: state.walk ? { ...state.walk } : null,
    meshRadius: state.meshRadius ?? 0,
    view: state.view ? { centerX: state.view.centerX, centerY: state.view.centerY, scale: state.view.cellSize } : null,
  });
}

/** The link fragment ("v2=...", without '#') for what the playground shows now. */
export function shareFragment(store: PlaygroundStore): string {
  return encodeShareFragment(captureShareState(store), store.engine.catalog);
}

/**
 * Opens a link fragment, its searches adjusted by `adjust` (as applyShareState). A bad
 * link shows `fallback` instead, with a message saying what is wrong with the link.
 * Returns the state shown (before the adjustment): the link's, or `fallback`.
 */
export function loadShareFragment(store: PlaygroundStore, fragment: string, fallback: ShareState,
  adjust: SearchesAdjustment = unchanged): ShareState {
  return allSteps(openLinkSteps(store, fragment, fallback, adjust));
}

/**
 * loadShareFragment's work in steps, for a job (a big link takes a while to decode): the
 * link decoded a few milliseconds at a time, then put in at a step of its own.
 */
export function* openLinkSteps(store: PlaygroundStore, fragment: string, fallback: ShareState,
  adjust: SearchesAdjustment = unchanged): Generator<void | typeof REST, ShareState> {
  let state: ShareState;
  try {
    state = yield* decodeSteps(fragment, store.engine.catalog);
  } catch (error) {
    // The codec throws nothing else; anything else is a bug and must not be dressed up as a bad link.
    if (!(error instanceof ShareLinkError)) throw error;
    applyShareState(store, fallback, adjust);
    // No detail: the codec's explanation is English only, and the translated sentence says enough.
    store.showMessage({ kind: 'error', key: SHARE_LINK_MESSAGES[error.problem] });
    return fallback;
  }
  yield REST;
  applyShareState(store, state, adjust);
  return state;
}

function toShareView(view: Viewport, canvasWidth: number, canvasHeight: number, mapWidth: number, mapHeight: number): ShareView {
  const clamp = (value: number, span: number) => Math.min(span, Math.max(-span, value));
  return {
    centerX: clamp((canvasWidth / 2 - view.offsetX) / view.scale, MAX_CENTRE_SPAN * mapWidth),
    centerY: clamp((canvasHeight / 2 - view.offsetY) / view.scale, MAX_CENTRE_SPAN * mapHeight),
    cellSize: view.scale,
  };
}
