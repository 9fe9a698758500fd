// Pointer input on the canvas, for mouse, pen and touch alike (pointer events with pointer
// capture): paint with the current tool, drag start and goal, pan (pan tool, middle or
// right button, two fingers) and zoom (wheel, pinch). It turns gestures into store actions
// and knows nothing about drawing; the hovered cell goes to `onHover` for the tooltip.
// While `editable()` is false (a read-only embed) the primary button pans instead of
// painting or dragging start and goal, so the map can still be explored.
//
// With the Inspect tool (and on a read-only map) a drag pans and a tap or click pins the
// cell's numbers beside the cell (`onHover` with `tapped`): the way a touch screen reads a
// cell, since it has no hover. A tap with a painting tool paints, and shows nothing: the
// cell just changed, and a phone user chose to draw.
//
// Start and goal are grabbed by what is drawn: their cell or their marker, which on a big
// map is far larger than a cell (`markers`, from the pane, says where the markers are and
// how big they are drawn); a finger reaches further. A press on a marker never paints,
// and the cell it points at is the marker's, for the tooltip too.
import type { Point } from '../engine/engine';
import type { Endpoint, PlaygroundStore } from '../state/store';
import { cellAt, minScale, panBy, zoomAt, type Viewport } from '../scene/viewport';

type Gesture =
  | { kind: 'none' }
  | { kind: 'paint'; last: Point }
  /** (dx, dy): from the press to the marker's centre, so the marker keeps its place under the pointer. */
  | { kind: 'drag'; which: Endpoint; dx: number; dy: number }
  | { kind: 'pan'; lastX: number; lastY: number; before: { view: Viewport; fitted: boolean } }
  | { kind: 'pinch'; distance: number; midX: number; midY: number; view: Viewport };

export interface HoverInfo {
  cell: Point;
  clientX: number;
  clientY: number;
  /** A touch or pen tap (no hover exists), so the tooltip should stay until the next touch. */
  tapped: boolean;
}

const TAP_SLOP_PX = 8;
/** How far from a marker's centre a finger grabs it, at least: a fingertip is wider than a small marker. */
const TOUCH_REACH_PX = 22;

/** What a pane draws over the map that a press can land on, in map cells. */
export interface Markers {
  start: Point;
  goal: Point;
  /** The pane's walking agent (walk mode), drawn over the others: it is the walk's own, never grabbed. */
  agent: Point | null;
  /** The markers' radius in pixels, as drawn (scene/geometry.ts markerRadius). */
  radius: number;
}

type MarkerName = Endpoint | 'agent';

interface MarkerHit {
  which: MarkerName;
  cell: Point;
  /** From the press to the marker's centre, in pixels. */
  dx: number;
  dy: number;
}

export interface CanvasInputOptions {
  /** The markers as the pane draws them now; null before its first layout. */
  markers: () => Markers | null;
  /** False: pointers pan and tap but never paint or move start and goal. */
  editable?: () => boolean;
  /**
   * True for a playground inside someone else's page (an embed): the wheel scrolls that
   * page, and zooms the map only with Ctrl or ⌘ held (a trackpad pinch arrives as a
   * wheel event with ctrlKey set, so it still zooms). The playground page zooms on any wheel.
   */
  wheelZoomNeedsModifier?: boolean;
}

export function attachCanvasInput(canvas: HTMLCanvasElement, store: PlaygroundStore, onHover: (hover: HoverInfo | null) => void,
  { markers, editable = () => true, wheelZoomNeedsModifier = false }: CanvasInputOptions): () => void {
  const pointers = new Map<number, { x: number; y: number; downX: number; downY: number; type: string }>();
  let gesture: Gesture = { kind: 'none' };
  // The canvas's place on the page, kept while a pointer is down: every move of a stroke
  // changes the page's text, and asking again would lay the page out again at each move.
  // Nothing moves the canvas during a gesture but scrolling, which forgets it.
  let pressedRect: DOMRect | null = null;
  const forgetRect = () => { pressedRect = null; };

  const local = (event: PointerEvent | WheelEvent) => {
    const rect = pointers.size > 0 ? (pressedRect ??= canvas.getBoundingClientRect()) : canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const cellUnder = (x: number, y: number) => cellAt(store.view, x, y);
  const insideMap = (cell: Point) => store.grid.contains(cell);
  const lowestScale = () => minScale(store.grid.width, store.grid.height, store.canvasWidth, store.canvasHeight);
  const markerUnder = (x: number, y: number, pointerType: string): MarkerHit | null => {
    const drawn = markers();
    return drawn && markerAt(store.view, drawn, x, y, pointerType === 'touch' ? TOUCH_REACH_PX : 0);
  };

  const startPan = (x: number, y: number): Gesture => ({ kind: 'pan', lastX: x, lastY: y, before: { view: store.view, fitted: store.viewIsFitted } });

  const finishGesture = () => {
    if (gesture.kind === 'paint') store.endStroke();
    if (gesture.kind === 'drag') {
      store.endEndpointDrag();
      canvas.style.cursor = '';
    }
    gesture = { kind: 'none' };
  };

  const startPinch = () => {
    const [a, b] = [...pointers.values()];
    gesture = {
      kind: 'pinch',
      distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
      midX: (a.x + b.x) / 2,
      midY: (a.y + b.y) / 2,
      view: store.view,
    };
  };

  const onPointerDown = (event: PointerEvent) => {
    if (pointers.size >= 2) return;
    const { x, y } = local(event);
    try {
      canvas.setPointerCapture(event.pointerId);
    } catch {
      // The pointer is already gone (cancelled at once, or not a live device pointer);
      // the gesture still works while it stays over the canvas.
    }
    pointers.set(event.pointerId, { x, y, downX: x, downY: y, type: event.pointerType });
    event.preventDefault();
    canvas.focus({ preventScroll: true });
    if (pointers.size === 2) {
      // A second finger turns whatever the first one started into a pinch; what it
      // painted so far is kept as one undoable stroke.
      finishGesture();
      startPinch();
      return;
    }
    const cell = cellUnder(x, y);
    const canEdit = editable();
    const marker = canEdit ? markerUnder(x, y, event.pointerType) : null;
    // A press on the agent (the walk's own marker) neither grabs nor paints.
    const onAgent = marker?.which === 'agent';
    if (event.button === 1 || event.button === 2 || !canEdit || (store.tool === 'inspect' && (!marker || onAgent))) {
      gesture = startPan(x, y);
    } else if (marker && marker.which !== 'agent') {
      store.beginEndpointDrag(marker.which);
      gesture = { kind: 'drag', which: marker.which, dx: marker.dx, dy: marker.dy };
      // The tooltip would only hide what is moved.
      onHover(null);
      if (event.pointerType === 'mouse') canvas.style.cursor = 'grabbing';
    } else if (!onAgent && event.button === 0 && store.paintCost !== null) {
      // A cell tapped earlier keeps its numbers through pans and pinches, not once painting
      // starts: they would stand over the cells being changed.
      if (event.pointerType !== 'mouse') onHover(null);
      store.beginStroke();
      gesture = { kind: 'paint', last: cell };
      store.paintLine(cell, cell);
    }
  };

  const onPointerMove = (event: PointerEvent) => {
    const { x, y } = local(event);
    const pointer = pointers.get(event.pointerId);
    if (pointer) { pointer.x = x; pointer.y = y; }
    const cell = cellUnder(x, y);
    if (event.pointerType === 'mouse' && gesture.kind !== 'drag') {
      const marker = markerUnder(x, y, event.pointerType);
      const shown = marker?.cell ?? cell;
      onHover(insideMap(shown) ? { cell: shown, clientX: event.clientX, clientY: event.clientY, tapped: false } : null);
      if (gesture.kind === 'none') canvas.style.cursor = marker && marker.which !== 'agent' && editable() ? 'grab' : '';
    }
    if (!pointer) return;
    switch (gesture.kind) {
      case 'paint':
        if (cell.x !== gesture.last.x || cell.y !== gesture.last.y) {
          store.paintLine(gesture.last, cell);
          gesture.last = cell;
        }
        break;
      case 'drag': {
        const target = cellUnder(x + gesture.dx, y + gesture.dy);
        if (insideMap(target)) store.moveEndpoint(gesture.which, target.x, target.y);
        break;
      }
      case 'pan':
        store.setView(panBy(store.view, x - gesture.lastX, y - gesture.lastY));
        gesture.lastX = x;
        gesture.lastY = y;
        break;
      case 'pinch': {
        if (pointers.size < 2) break;
        const [a, b] = [...pointers.values()];
        const distance = Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
        const midX = (a.x + b.x) / 2, midY = (a.y + b.y) / 2;
        const zoomed = zoomAt(gesture.view, gesture.midX, gesture.midY, distance / gesture.distance, lowestScale());
        store.setView(panBy(zoomed, midX - gesture.midX, midY - gesture.midY));
        break;
      }
    }
  };

  const onPointerEnd = (event: PointerEvent) => {
    const pointer = pointers.get(event.pointerId);
    if (!pointer) return;
    pointers.delete(event.pointerId);
    if (pointers.size === 0) forgetRect();
    if (canvas.hasPointerCapture(event.pointerId)) canvas.releasePointerCapture(event.pointerId);
    const moved = Math.hypot(pointer.x - pointer.downX, pointer.y - pointer.downY);
    if (event.type === 'pointerup' && gesture.kind === 'pan' && event.button === 0 && moved < TAP_SLOP_PX) {
      const cell = markerUnder(pointer.x, pointer.y, pointer.type)?.cell ?? cellUnder(pointer.x, pointer.y);
      if (insideMap(cell)) onHover({ cell, clientX: event.clientX, clientY: event.clientY, tapped: true });
    }
    if (gesture.kind === 'pinch') {
      // The remaining finger pans until it lifts too.
      const rest = [...pointers.values()][0];
      gesture = rest ? startPan(rest.x, rest.y) : { kind: 'none' };
      return;
    }
    if (event.type === 'pointercancel' && gesture.kind === 'pan') {
      // The browser took the gesture over: on a read-only map (touch-action: pan-y) a
      // vertical swipe scrolls the page. The few pixels it panned before the browser
      // decided are given back, so scrolling past a diagram leaves it as it was.
      if (gesture.before.fitted) store.fitView();
      else store.setView(gesture.before.view);
    }
    finishGesture();
  };

  const onWheel = (event: WheelEvent) => {
    if (wheelZoomNeedsModifier && !event.ctrlKey && !event.metaKey) return; // the page scrolls
    event.preventDefault();
    const { x, y } = local(event);
    const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaMode === 2 ? event.deltaY * 400 : event.deltaY;
    store.setView(zoomAt(store.view, x, y, Math.exp(-pixels * 0.0015), lowestScale()));
  };

  const onLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    onHover(null);
    if (gesture.kind !== 'drag') canvas.style.cursor = '';
  };
  const onContextMenu = (event: Event) => event.preventDefault();

  canvas.addEventListener('pointerdown', onPointerDown);
  canvas.addEventListener('pointermove', onPointerMove);
  canvas.addEventListener('pointerup', onPointerEnd);
  canvas.addEventListener('pointercancel', onPointerEnd);
  canvas.addEventListener('pointerleave', onLeave);
  canvas.addEventListener('wheel', onWheel, { passive: false });
  canvas.addEventListener('contextmenu', onContextMenu);
  const page = canvas.ownerDocument;
  page.addEventListener('scroll', forgetRect, { capture: true, passive: true });
  return () => {
    finishGesture();
    canvas.removeEventListener('pointerdown', onPointerDown);
    canvas.removeEventListener('pointermove', onPointerMove);
    canvas.removeEventListener('pointerup', onPointerEnd);
    canvas.removeEventListener('pointercancel', onPointerEnd);
    canvas.removeEventListener('pointerleave', onLeave);
    canvas.removeEventListener('wheel', onWheel);
    canvas.removeEventListener('contextmenu', onContextMenu);
    page.removeEventListener('scroll', forgetRect, { capture: true });
  };
}

/**
 * The marker a press at canvas point (x, y) lands on: of those whose cell holds the point or
 * whose disc (at least `minReach` pixels around the cell's centre) does, the nearest. The
 * agent counts too, as it is drawn over start and goal: a press on it grabs neither; on the
 * same cell (a walk before its first move) the endpoint wins, as before.
 */
function markerAt(view: Viewport, markers: Markers, x: number, y: number, minReach: number): MarkerHit | null {
  const reach = Math.max(markers.radius, minReach);
  const under = cellAt(view, x, y);
  let nearest: MarkerHit | null = null, nearestDistance = Infinity;
  const consider = (which: MarkerName, cell: Point) => {
    const dx = view.offsetX + (cell.x + 0.5) * view.scale - x, dy = view.offsetY + (cell.y + 0.5) * view.scale - y;
    const distance = Math.hypot(dx, dy);
    const onCell = under.x === cell.x && under.y === cell.y;
    if ((onCell || distance <= reach) && distance < nearestDistance) {
      nearest = { which, cell, dx, dy };
      nearestDistance = distance;
    }
  };
  consider('start', markers.start);
  consider('goal', markers.goal);
  if (markers.agent) consider('agent', markers.agent);
  return nearest;
}
