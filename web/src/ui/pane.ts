// One pane of the playground: a run's picture of the shared map (its scene, built by the
// state side, and its canvas, drawn from the scene), the tooltip of the cell under the
// pointer and, in compare mode, a header with the run's number, its labelled options, what
// it is doing and a button that removes it. The app makes one pane per run and gives it
// what its scene is built from.
import { attachCanvasInput, type HoverInfo } from '../input/pointer';
import { PaneCanvas } from '../render/pane-canvas';
import type { MapLayer } from '../render/rasters';
import { markerRadius } from '../scene/geometry';
import type { PaneScene } from '../scene/pane-scene';
import type { Run } from '../state/run';
import { PaneSceneBuilder, type SceneInputs } from '../state/scenes';
import type { Change, Language, PlaygroundStore } from '../state/store';
import type { ControlGroup } from './controls';
import { cellDetails, paneStatusText } from './describe';
import { el, Phrases, setAttribute, setText } from './dom';
import { buildSearchOptions, type SearchOptionsView } from './search-options';
import { algorithmLabel, translate } from './i18n';

export interface PaneOptions {
  mapLayer: MapLayer;
  themeSource: Element;
  /** What the pane's scene is built from, read by the app at draw time (null before the first layout). */
  inputs: (pane: Pane) => SceneInputs | null;
  /** Asks the page's frame loop for a frame (the pane draws in it if its scene changed). */
  wake: () => void;
  /** Runs a task at the next frame (reading the layout once there, not at every change). */
  later: (task: () => void) => void;
  /** The pointer moved onto another cell of this pane, or left it (null). */
  onHover: (pane: Pane, hover: HoverInfo | null) => void;
  editable: () => boolean;
  wheelZoomNeedsModifier: boolean;
}

export class Pane {
  readonly element: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  readonly canvasWrap: HTMLElement;
  readonly picture: PaneCanvas;
  private readonly scenes = new PaneSceneBuilder();
  private readonly phrases: Phrases;
  private readonly header: HTMLElement;
  private readonly number: HTMLElement;
  private readonly status: HTMLElement;
  private readonly removeButton: HTMLButtonElement;
  private readonly tooltip: HTMLElement;
  private readonly title: HTMLElement;
  /** The algorithm's name, shown where its menu is not (an embed that hides the option controls). */
  private readonly name: HTMLElement;
  private more: HTMLElement | null = null;
  /** The run's option fields, made the first time the pane shows its header (compare mode). */
  private options: SearchOptionsView | null = null;
  private visible: ReadonlySet<ControlGroup> = new Set();
  private readonly cleanups: Array<() => void> = [];

  constructor(private readonly store: PlaygroundStore, readonly run: Run, options: PaneOptions) {
    // A pane has its own phrases: they go when it does.
    this.phrases = new Phrases(store.language);
    const phrases = this.phrases;
    this.canvas = el('canvas', { class: 'ap-canvas', role: 'img', tabindex: 0, 'data-region': 'canvas' });
    this.tooltip = el('div', { class: 'ap-tooltip', role: 'tooltip', hidden: true, 'data-region': 'tooltip' });
    this.canvasWrap = el('div', { class: 'ap-canvas-wrap' }, this.canvas, this.tooltip);

    this.number = el('span', { class: 'ap-pane-number', 'aria-hidden': 'true' });
    this.status = el('p', { class: 'ap-pane-status', 'data-region': 'pane-status' });
    this.removeButton = el('button', { type: 'button', class: 'ap-button ap-pane-remove', 'data-action': 'remove-search' }, '×');
    this.removeButton.addEventListener('click', () => store.removeRun(store.runs.indexOf(this.run)));
    this.name = el('span', { class: 'ap-pane-name' });
    this.title = el('div', { class: 'ap-pane-title' }, this.number, this.name, this.removeButton);
    this.header = el('header', { class: 'ap-pane-header', hidden: true }, this.title, this.status);
    this.element = el('section', { class: 'ap-pane', 'data-run': run.id }, this.header, this.canvasWrap);

    this.picture = new PaneCanvas(this.canvas, options.mapLayer, options.themeSource);
    this.inputs = () => options.inputs(this);
    this.later = options.later;
    // The keyboard's cursor shows only while this map has focus.
    const redraw = options.wake;
    this.canvas.addEventListener('focus', redraw);
    this.canvas.addEventListener('blur', redraw);
    this.cleanups.push(() => {
      this.canvas.removeEventListener('focus', redraw);
      this.canvas.removeEventListener('blur', redraw);
    });
    // The pointer grabs start and goal where this pane draws them.
    const markers = () => {
      const inputs = options.inputs(this);
      return inputs && { start: inputs.start, goal: inputs.goal, agent: this.run.walk?.view().agent ?? null, radius: markerRadius(inputs.view.scale, inputs.labels.size > 0) };
    };
    this.cleanups.push(attachCanvasInput(this.canvas, store, (hover) => options.onHover(this, hover),
      { markers, editable: options.editable, wheelZoomNeedsModifier: options.wheelZoomNeedsModifier }));
  }

  private readonly inputs: () => SceneInputs | null;
  private readonly later: (task: () => void) => void;
  /** Where the tooltip goes, placed at the next frame. */
  private tooltipAt: HoverInfo | null = null;

  /** Draws the pane's scene (at a frame of the page's frame loop), if it has changed since it was last drawn. */
  draw(): void {
    const inputs = this.inputs();
    if (!inputs) return;
    this.picture.draw(this.scenes.build(inputs), inputs);
  }

  /** The scene of the whole map at `cellPixels` per cell (for pictures: no pointer or cursor marks); null before the first layout. */
  exportScene(cellPixels: number, withHeat: boolean): PaneScene | null {
    const inputs = this.inputs();
    if (!inputs) return null;
    const { map } = inputs;
    return new PaneSceneBuilder().build({
      ...inputs, width: map.width * cellPixels, height: map.height * cellPixels, view: { scale: cellPixels, offsetX: 0, offsetY: 0 },
      heat: withHeat ? inputs.heat : null, hover: null, cursor: null,
    });
  }

  /** Compare mode shows the header; `index` is the pane's place (its number is index + 1). */
  /** Takes the keyboard's focus from a neighbouring pane that went: on its own × while comparing, else on its map. */
  takeFocus(): void {
    (this.removeButton.hidden ? this.canvas : this.removeButton).focus();
  }

  place(index: number, comparing: boolean): void {
    if (comparing && !this.options) this.buildOptions();
    this.header.hidden = !comparing;
    this.element.dataset.pane = String(index + 1);
    setText(this.number, String(index + 1));
    setAttribute(this.element, 'aria-label', translate(this.store.language, 'compare.pane', { n: index + 1 }));
    setAttribute(this.removeButton, 'aria-label', translate(this.store.language, 'compare.remove', { n: index + 1 }));
    setAttribute(this.removeButton, 'title', translate(this.store.language, 'compare.remove', { n: index + 1 }));
  }

  show(visible: ReadonlySet<ControlGroup>): void {
    this.visible = visible;
    this.removeButton.hidden = !visible.has('compare');
    if (!this.options || !this.more) return;
    this.options.show(visible);
    const { fields } = this.options;
    this.name.hidden = !fields.algorithm.hidden;
    // The fold-away options only when some of them are offered.
    this.more.hidden = [fields.heuristic, fields.diagonal, fields.weight, fields.costModel, fields.limit].every((field) => field.hidden);
  }

  update(changes: ReadonlySet<Change>): void {
    this.options?.update(changes);
    if (changes.has('options') || changes.has('language'))
      setText(this.name, algorithmLabel(this.store.language, this.store.engine.algorithm(this.run.options.algorithm)));
    if (!this.header.hidden && (changes.has('search') || changes.has('options') || changes.has('language') || changes.has('map') || changes.has('endpoints')))
      setText(this.status, paneStatusText(this.store, this.run));
  }

  // Outside compare mode the side panel shows the only run's options: a pane that never
  // compared has no fields of its own, so the page never holds two of each.
  private buildOptions(): void {
    const options = (this.options = buildSearchOptions(this.store, this.phrases, () => this.run));
    const { fields } = options;
    // The algorithm is always in sight; the rest of the options fold away, so four panes
    // still leave room for their maps.
    const more = (this.more = el('details', { class: 'ap-pane-more' },
      this.phrases.text(el('summary', { class: 'ap-button' }), 'compare.moreOptions'),
      el('div', { class: 'ap-pane-options' }, fields.heuristic, fields.diagonal, fields.weight, fields.costModel, fields.limit, fields.note)));
    this.title.insertBefore(fields.algorithm, this.removeButton);
    this.title.insertBefore(more, this.removeButton);
    // Like a menu: a press anywhere else closes it, so it never stays over the map.
    const closeOutside = (event: Event) => {
      if (more.open && !event.composedPath().includes(more)) more.open = false;
    };
    // Pointer events are composed: the document hears presses inside an embed's shadow root too.
    const page = this.element.ownerDocument;
    page.addEventListener('pointerdown', closeOutside);
    this.cleanups.push(() => page.removeEventListener('pointerdown', closeOutside));
    options.update(new Set<Change>(['options', 'language']));
    this.show(this.visible);
  }

  setLanguage(language: Language): void {
    this.phrases.setLanguage(language);
  }

  /** Shows the tooltip for `hover` beside the pointer; `refill` rebuilds its lines (a new cell or new state). */
  showTooltip(hover: HoverInfo | null, refill: boolean): void {
    const { grid } = this.store;
    if (!hover || hover.cell.x >= grid.width || hover.cell.y >= grid.height) {
      this.tooltip.hidden = true;
      return;
    }
    if (refill || this.tooltip.hidden) this.tooltip.replaceChildren(...cellDetails(this.store, hover.cell, this.run).map((line) => el('div', {}, line)));
    this.tooltip.hidden = false;
    this.tooltipAt = hover;
    this.later(this.placeTooltip);
  }

  /**
   * Beside the pointer, or for a tapped cell beside the cell where it is drawn now (it follows
   * a pinch or a pan, and goes while the cell is out of sight); flipped to stay inside the
   * canvas. Sizes are read once, at the frame.
   */
  private readonly placeTooltip = (): void => {
    const hover = this.tooltipAt;
    if (!hover || this.tooltip.hidden) return;
    const wrapRect = this.canvasWrap.getBoundingClientRect();
    let x = hover.clientX - wrapRect.left, y = hover.clientY - wrapRect.top;
    this.tooltip.classList.remove('ap-tooltip-away');
    if (hover.tapped) {
      const canvasRect = this.canvas.getBoundingClientRect(), { view } = this.store;
      x = canvasRect.left - wrapRect.left + view.offsetX + (hover.cell.x + 0.5) * view.scale;
      y = canvasRect.top - wrapRect.top + view.offsetY + (hover.cell.y + 0.5) * view.scale;
      const outOfSight = x < 0 || y < 0 || x > wrapRect.width || y > wrapRect.height;
      this.tooltip.classList.toggle('ap-tooltip-away', outOfSight);
      if (outOfSight) return;
    }
    const left = x + 16 + this.tooltip.offsetWidth > wrapRect.width ? x - 16 - this.tooltip.offsetWidth : x + 16;
    const top = y + 16 + this.tooltip.offsetHeight > wrapRect.height ? y - 16 - this.tooltip.offsetHeight : y + 16;
    this.tooltip.style.transform = `translate(${Math.max(0, left)}px, ${Math.max(0, top)}px)`;
  };

  destroy(): void {
    for (const cleanup of this.cleanups.reverse()) cleanup();
    this.element.remove();
  }
}
