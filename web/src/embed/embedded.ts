// Applies embed settings (embed/settings.ts) to a mounted playground and keeps applying
// them as they change, for both forms: the <astar-playground> element and the iframe form
// (index.html?embed). It also turns the store's changes into the step and done events.
//
// Only what changed is applied, so changing `labels` does not reload the map, and changing
// `algorithm` keeps the reader's edits to the map. Option settings apply to every search
// shown; `algorithms` lists the searches to compare, each with the first one's options.
//
// An embed is one of many on a page (the tutorial autoplays a dozen), so while it is off
// screen its animation frames are held: the search waits at the step it is on, still
// playing, and carries on when the embed scrolls back into view. It ends exactly as it
// would have; it just computes and draws nothing while nobody can see it.
import type { PlaygroundHandle } from '../app';
import { fitOptions, type Engine, type SearchOptions } from '../engine/engine';
import { CELL_LABELS } from '../scene/pane-scene';
import { applyShareState, loadShareFragment } from '../share/playground-state';
import type { ShareState } from '../share/share-link';
import type { Change, Language } from '../state/store';
import { DEFAULT_EMBED_CONTROLS } from '../ui/controls';
import type { EmbedSettings } from './settings';
import type { PlaygroundEventDetail } from './api';

export interface EmbedEvents {
  step(detail: PlaygroundEventDetail): void;
  done(detail: PlaygroundEventDetail): void;
}

export class EmbeddedPlayground {
  private applied: EmbedSettings | null = null;
  private appliedProblems = '';
  /** Problems already told to the page's author in the console (each once). */
  private readonly warned = new Set<string>();
  /** The page's language at the last apply (null before the first). */
  private pageLanguage: Language | null = null;
  /** The searches of the map shown, before the settings change them. */
  private baseSearches: SearchOptions[];
  private lastStep = -1;
  private wasFinished = false;
  private readonly unsubscribe: () => void;
  private readonly visibility: IntersectionObserver;

  /**
   * `fallback` is shown when there is no map setting, or when the map cannot be read;
   * `shownIn` is the box whose visibility decides whether frames run (the element, or the frame's page).
   */
  constructor(readonly playground: PlaygroundHandle, private readonly fallback: ShareState, shownIn: Element,
    private readonly events: EmbedEvents | null = null) {
    const { store } = playground;
    this.baseSearches = store.runs.map((run) => ({ ...run.options }));
    this.unsubscribe = store.subscribe((changes) => this.noteChanges(changes));
    // The margin wakes an embed a little before it scrolls in, so it is moving when it appears.
    this.visibility = new IntersectionObserver((entries) => {
      const latest = entries[entries.length - 1];
      if (latest) store.setFramesHeld(!latest.isIntersecting);
    }, { rootMargin: '100px 0px' });
    this.visibility.observe(shownIn);
  }

  apply(next: EmbedSettings, problems: readonly string[], pageLanguage: Language): void {
    const previous = this.applied;
    const { store } = this.playground;
    this.applied = next;

    const mapChanged = previous ? next.map !== previous.map : next.map !== null;
    const adjust = (searches: SearchOptions[]) => searchesFor(searches, next, store.engine);
    if (mapChanged) {
      // The settings go in with the map, so a link's step is kept and its searches computed once.
      const shown = next.map === null ? this.fallback : loadShareFragment(store, next.map, this.fallback, adjust);
      if (next.map === null) applyShareState(store, this.fallback, adjust);
      this.baseSearches = shown.searches.map((options) => ({ ...options }));
    }
    const optionsChanged = previous
      ? !sameOptions(previous.options, next.options) || !sameList(previous.algorithms, next.algorithms)
      : Object.keys(next.options).length > 0 || next.algorithms !== null;
    if (!mapChanged && optionsChanged) store.setSearches(adjust(this.baseSearches));
    // The agent radius after the map, whose link may carry its own: the attribute wins.
    if (next.radius !== null && (mapChanged || next.radius !== previous?.radius)) store.setMeshRadius(next.radius);
    if (next.speedIndex !== null && next.speedIndex !== previous?.speedIndex) store.setSpeed(next.speedIndex);
    // Walk settings after the map, whose link may carry its own: the attributes win.
    const walkChanged = mapChanged || next.mode !== previous?.mode || next.sense !== previous?.sense;
    if (walkChanged) {
      if (next.sense !== null) store.setUnknownTerrain(next.sense > 0, next.sense > 0 ? next.sense : store.senseRadius);
      if (next.mode !== null) store.setWalking(next.mode === 'walk');
    }

    if (!sameList(previous?.controls, next.controls) || !previous) this.playground.setControls(next.controls ?? DEFAULT_EMBED_CONTROLS);
    if (previous?.readonly !== next.readonly) this.playground.setReadonly(next.readonly);
    if (!sameList(previous?.labels, next.labels) || !previous) this.playground.setLabels(next.labels ?? CELL_LABELS);
    // Only when the lang setting or the page's language changed: a reader's own pick in the
    // language control stays while other settings change.
    const language = next.language ?? pageLanguage;
    const languageChanged = !previous || next.language !== previous.language || pageLanguage !== this.pageLanguage;
    if (languageChanged && store.language !== language) store.setLanguage(language);
    this.pageLanguage = pageLanguage;

    // The author looks in the console: each bad setting is named there once, with what it
    // may be, besides the message on the playground (which a reader may never see).
    for (const problem of problems) {
      if (this.warned.has(problem)) continue;
      this.warned.add(problem);
      console.warn(`astar-playground ignores a setting it does not understand: ${problem}`);
    }
    const problemText = problems.join('; ');
    if (problemText !== this.appliedProblems || mapChanged) {
      this.appliedProblems = problemText;
      // A map that cannot be read says so already, and that matters more than a bad setting.
      const mapMessage = store.message?.key.startsWith('error.shareLink.') ?? false;
      if (problemText && !mapMessage) store.showMessage({ kind: 'error', key: 'error.embedSetting', detail: problemText });
      else if (!problemText && store.message?.key === 'error.embedSetting') store.showMessage(null);
    }

    if (next.autoplay && (mapChanged || optionsChanged || walkChanged || !previous?.autoplay)) store.play();
  }

  destroy(): void {
    this.unsubscribe();
    this.visibility.disconnect();
  }

  private noteChanges(changes: ReadonlySet<Change>): void {
    if (!this.events) return;
    const { store } = this.playground;
    // A new map, endpoints or options make new searches, which may finish again.
    if (changes.has('map') || changes.has('endpoints') || changes.has('options')) this.wasFinished = false;
    if (!changes.has('search')) return;
    // The first run's figures: the only one's, unless the embed compares several. A walk's
    // are the whole walk's (every plan's expansions, the cost walked), not its last plan's.
    const run = store.runs[0]!;
    const walk = run.walk?.walk ?? null;
    let detail: PlaygroundEventDetail;
    if (walk) {
      const counters = walk.counters();
      detail = { step: store.step, expanded: counters.expandedTotal, pathCost: walk.status === 'arrived' ? counters.walkedCost : null };
    } else {
      const shown = run.shown;
      detail = { step: store.step, expanded: shown.expanded, pathCost: shown.pathCost };
    }
    if (detail.step !== this.lastStep) {
      this.lastStep = detail.step;
      this.events.step(detail);
    }
    const finished = store.finished;
    if (finished && !this.wasFinished) this.events.done(detail);
    this.wasFinished = finished;
  }
}

/**
 * Width of the playground and height of its map area, as custom properties and styles on
 * the element the playground is mounted in (the stylesheet reads them).
 */
export function applySize(container: HTMLElement, settings: EmbedSettings): void {
  const set = (name: string, value: string | null) => {
    if (value === null) container.style.removeProperty(name);
    else container.style.setProperty(name, value);
  };
  set('width', settings.width);
  set('max-width', settings.width ? '100%' : null);
  set('--embed-height', settings.height);
  set('--embed-aspect', settings.height ? 'auto' : null);
  set('--embed-max-height', settings.height ? 'none' : null);
}

/**
 * The searches to show for a map's own: each with the option settings over it, or, when
 * `algorithms` is set, one search per algorithm named, each with the first one's options
 * (fitted to the algorithm: JPS keeps to the diagonal rules it supports, Theta* to exact costs).
 */
function searchesFor(base: SearchOptions[], settings: EmbedSettings, engine: Engine): SearchOptions[] {
  const overridden = base.map((options) => ({ ...options, ...settings.options }));
  if (!settings.algorithms) return overridden;
  const first = overridden[0]!;
  return settings.algorithms.map((algorithm) => ({ ...first, ...fitOptions(engine.algorithm(algorithm), first) }));
}

function sameOptions(a: Partial<SearchOptions>, b: Partial<SearchOptions>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof SearchOptions>;
  return [...keys].every((key) => a[key] === b[key]);
}

function sameList<T>(a: readonly T[] | null | undefined, b: readonly T[] | null | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
