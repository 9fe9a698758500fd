// Keyboard shortcuts: Space play/pause, Right or . step, Left or , step back, R reset,
// Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo. While a map has focus (Tab reaches it) the
// arrows move a cell cursor instead (Shift: ten cells) and W, E and T paint the cursor's
// cell as wall, floor or the chosen terrain (choosing that tool, as its button would), S
// and G move the start and goal there; each is one undoable edit, like a pointer's. The
// comma and full stop still step there. Listens on `target` (the document for the page)
// but only acts on keys aimed at the playground or at nothing in particular, so an
// embedded playground does not steal keys from the rest of its page; returns the remover.
// Edits (undo, redo, painting, moving S and G) are ignored while `editable()` is false (a
// read-only embed); the cursor still moves there, to read the map.
import type { Point } from '../engine/engine';
import type { Endpoint, PlaygroundStore, Tool } from '../state/store';

/** The keyboard's cell cursor, kept and described by the playground (ui/map-cursor.ts). */
export interface MapCursor {
  /** The cursor's cell (the start's until it first moves, or after the map changed size). */
  at(): Point;
  /** Moves the cursor by (dx, dy) cells, staying on the map; `canvas` is the map with focus. */
  moveBy(canvas: HTMLCanvasElement, dx: number, dy: number): void;
  /** Says what is at the cursor (after an edit there); `refused`: S or G could not go there. */
  announce(canvas: HTMLCanvasElement, refused?: boolean): void;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
};
/** Shift+arrow moves the cursor this many cells, to cross a big map quickly. */
const CURSOR_LEAP = 10;
const PAINT_KEYS: Record<string, Tool> = { w: 'wall', e: 'erase', t: 'terrain' };
const ENDPOINT_KEYS: Record<string, Endpoint> = { s: 'start', g: 'goal' };

export function attachKeyboard(target: Document | HTMLElement, container: HTMLElement, store: PlaygroundStore,
  cursor: MapCursor, editable: () => boolean = () => true): () => void {
  const paintAtCursor = (canvas: HTMLCanvasElement, tool: Tool) => {
    store.setTool(tool);
    const cell = cursor.at();
    store.beginStroke();
    store.paintLine(cell, cell);
    store.endStroke();
    cursor.announce(canvas);
  };
  const moveEndpointToCursor = (canvas: HTMLCanvasElement, which: Endpoint) => {
    const { x, y } = cursor.at();
    if (store.endpointAt(x, y) === which) return cursor.announce(canvas);
    store.beginEndpointDrag(which);
    const moved = store.moveEndpoint(which, x, y);
    store.endEndpointDrag();
    cursor.announce(canvas, !moved);
  };

  const onKeyDown = (event: Event) => {
    const key = event as KeyboardEvent;
    if (key.defaultPrevented || key.altKey) return;
    const element = key.target instanceof Element ? key.target : null;
    const ownerDocument = container.ownerDocument;
    const aimedHere = !element || element === ownerDocument.body || element === ownerDocument.documentElement || container.contains(element);
    if (!aimedHere) return;
    // Text fields, selects and sliders use these keys themselves; an open dialog (Embed) is
    // in front of the map, so its keys are not meant for the search behind it.
    if (element && element.closest('input, select, textarea, [contenteditable="true"], dialog')) return;
    const map = element instanceof HTMLCanvasElement && element.dataset.region === 'canvas' ? element : null;
    const command = key.ctrlKey || key.metaKey;
    const lower = key.key.toLowerCase();
    const arrow = ARROWS[key.key];
    let handled = true;
    if (command && !editable()) handled = false;
    else if (command && lower === 'z' && !key.shiftKey) store.undo();
    else if (command && ((lower === 'z' && key.shiftKey) || lower === 'y')) store.redo();
    else if (command) handled = false;
    // Space and Enter already click a focused button; acting here as well would do it twice.
    else if (key.key === ' ' && !element?.closest('button, a')) store.togglePlay();
    else if (map && arrow) cursor.moveBy(map, arrow[0] * (key.shiftKey ? CURSOR_LEAP : 1), arrow[1] * (key.shiftKey ? CURSOR_LEAP : 1));
    else if (map && editable() && PAINT_KEYS[lower]) paintAtCursor(map, PAINT_KEYS[lower]);
    else if (map && editable() && ENDPOINT_KEYS[lower]) moveEndpointToCursor(map, ENDPOINT_KEYS[lower]);
    else if (key.key === 'ArrowRight' || key.key === '.') store.stepForward();
    else if (key.key === 'ArrowLeft' || key.key === ',') store.stepBack();
    else if (lower === 'r' && !key.shiftKey) store.reset();
    else handled = false;
    if (handled) key.preventDefault();
    // An undo or redo on the focused map may change the cursor's cell (a wall, the start
    // moved back): what the cursor last said is told again as the cell now is.
    if (handled && command && map) cursor.announce(map);
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
