// The keyboard's cell cursor (input/keyboard.ts moves it): one cell of the shared map,
// drawn in the pane whose map has focus and said aloud through a polite live region of its
// own, so moving it never interrupts, nor is taken for, the search's status. A cursor
// moved off the visible part of the map pans the view to keep it in sight.
import type { Point } from '../engine/engine';
import type { MapCursor } from '../input/keyboard';
import { panBy } from '../scene/viewport';
import type { Run } from '../state/run';
import type { PlaygroundStore } from '../state/store';
import { cellDetails } from './describe';
import { el, setText } from './dom';
import { translate } from './i18n';

/** Pixels kept between a cursor panned into view and the canvas's edge. */
const VIEW_MARGIN_PX = 24;

export class MapCursorView implements MapCursor {
  /** The live region the cursor's cell is said in (visually hidden). */
  readonly announcer: HTMLElement;
  private cell: Point | null = null;

  /** `runOf` finds the run a map canvas shows; `moved` redraws and shows the cell's details on `canvas`. */
  constructor(private readonly store: PlaygroundStore, private readonly runOf: (canvas: HTMLCanvasElement) => Run | undefined,
    private readonly moved: (canvas: HTMLCanvasElement, cell: Point) => void) {
    this.announcer = el('p', { class: 'ap-visually-hidden', 'aria-live': 'polite', 'data-region': 'cursor-announcer' });
  }

  /** The cell to draw in a pane, or null before the cursor was first used. */
  get shown(): Point | null {
    return this.cell && this.store.grid.contains(this.cell) ? this.cell : null;
  }

  at(): Point {
    if (!this.shown) this.cell = { ...this.store.start };
    return this.cell!;
  }

  moveBy(canvas: HTMLCanvasElement, dx: number, dy: number): void {
    const { grid } = this.store;
    const from = this.at();
    this.cell = {
      x: Math.min(grid.width - 1, Math.max(0, from.x + dx)),
      y: Math.min(grid.height - 1, Math.max(0, from.y + dy)),
    };
    this.keepInView(this.cell);
    this.moved(canvas, this.cell);
    this.announce(canvas);
  }

  announce(canvas: HTMLCanvasElement, refused = false): void {
    const { store } = this;
    const cell = this.at();
    // The tooltip's words: the cell and its cost, then what the search made of it.
    const said = cellDetails(store, cell, this.runOf(canvas)).slice(0, 2).join(' · ');
    const endpoint = store.endpointAt(cell.x, cell.y);
    setText(this.announcer, refused ? translate(store.language, 'cursor.blocked', { cell: said })
      : endpoint ? translate(store.language, 'cursor.endpoint', { cell: said, endpoint: translate(store.language, endpoint === 'start' ? 'legend.start' : 'legend.goal') })
      : translate(store.language, 'cursor.cell', { cell: said }));
  }

  private keepInView(cell: Point): void {
    const { view, canvasWidth, canvasHeight } = this.store;
    const shift = (start: number, size: number) =>
      start < 0 ? VIEW_MARGIN_PX - start : start + view.scale > size ? size - start - view.scale - VIEW_MARGIN_PX : 0;
    const dx = shift(view.offsetX + cell.x * view.scale, canvasWidth);
    const dy = shift(view.offsetY + cell.y * view.scale, canvasHeight);
    if (dx !== 0 || dy !== 0) this.store.setView(panBy(view, dx, dy));
  }
}
