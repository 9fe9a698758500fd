// Where each number of a zoomed-in cell goes, and which numbers fit at all: a pure function
// of the cells' texts (scene/pane-scene.ts's CellText) and the zoom, so the canvas draws
// exactly what this decides and a test in Node checks it.
//
// WHY MEASURE. A cell of s pixels holds four corner numbers (f, order, g, h), a terrain cost
// in the middle and, for JPS+, eight jump distances at its edges and corners. Fixed offsets
// overlap as soon as the numbers grow: on a 512 x 512 map at 36 px per cell, g and h ran
// together ("390255") and f ran into the expansion order ("6#9277"). So every number is a
// box of its estimated width and its font's size at a slot of the cell; a box that leaves
// the cell or comes within LABEL_GAP of a box already placed (or of the parent arrow in
// the middle, which is drawn in any case) is not drawn.
//
// WHY ESTIMATE WIDTHS INSTEAD OF ASKING THE CANVAS. The scene is built on the state side,
// which has no canvas, and it must be the same in Node's tests. Labels are numbers and a
// few signs, so a table of advance widths per character (em) that bounds the page's fonts
// from above (DejaVu Sans, the widest sans-serif Debian's Chromium falls back to; a browser
// test checks the table against measureText) gives boxes at least as wide as what is
// drawn. Text is drawn centred in its box, so a narrower glyph run stays inside it.
//
// WHAT GIVES WAY. Numbers are placed in their cell's order of importance (the corners' f,
// g, h and order first, then the jump distances, which a reached cell shows only from
// DIRECTIONS_ON_REACHED_SCALE up). A cell is laid out twice, with every
// number written in full and with every number that can be shortened shortened (decimals
// dropped: 390.5 becomes 391, as the tooltip still has it in full); the layout that keeps
// the more important numbers wins (the first number, in that order, that one keeps and the
// other drops decides), the full one on a tie. A number that fits in neither is dropped.
import type { Point } from '../engine/engine';
import type { CellText, DirectionLabel } from './pane-scene';

/** How a placed number is drawn: each style has its font size, weight and colour (render/draw-pane.ts). */
export type LabelStyle = 'cost' | 'f' | 'order' | 'value' | 'jump' | 'dead-end';

/** One number as drawn: its text centred in its box, which lies inside the cell. */
export interface PlacedLabel {
  /** The cell. */
  x: number;
  y: number;
  text: string;
  style: LabelStyle;
  /** Font size in pixels. */
  size: number;
  /** The box, in pixels from the cell's top-left corner. */
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Below this many pixels of space between two numbers they read as one. */
export const LABEL_GAP = 1.5;
const ROOMY_LABEL_SCALE = 44;

/** The font size of a style at `scale` pixels per cell: one rule for the layout and the drawing. */
export function labelFontSize(style: LabelStyle, scale: number): number {
  // Below ROOMY_LABEL_SCALE four numbers only fit in a cell with small type.
  const base = scale >= ROOMY_LABEL_SCALE ? Math.min(14, scale * 0.2) : Math.max(7, scale * 0.23);
  switch (style) {
    case 'cost': return base * 1.2;
    case 'order': return base * 0.85;
    case 'jump':
    case 'dead-end': return Math.max(7, base * 0.85);
    default: return base;
  }
}

/** Bold styles, whose glyphs are wider. */
export const BOLD_STYLES: ReadonlySet<LabelStyle> = new Set(['cost', 'f']);

/**
 * Advance widths in em, at least those of the page's sans-serif fonts (DejaVu Sans is the
 * widest of them: digits 0.636 em, '#' 0.838; bold digits 0.696, '.' 0.38), regular weight; bold is BOLD_WIDENING wider.
 */
export const CHARACTER_EM: Readonly<Record<string, number>> = {
  '0': 0.64, '1': 0.64, '2': 0.64, '3': 0.64, '4': 0.64, '5': 0.64, '6': 0.64, '7': 0.64, '8': 0.64, '9': 0.64,
  '.': 0.35, '-': 0.38, '–': 0.5, '#': 0.84, '×': 0.84, '∞': 0.84,
};
const UNKNOWN_EM = 1;
export const BOLD_WIDENING = 1.1;

/** The estimated width in pixels of `text` in `style` at `size` pixels. */
export function labelWidth(text: string, style: LabelStyle, size: number): number {
  let em = 0;
  for (const character of text) em += CHARACTER_EM[character] ?? UNKNOWN_EM;
  return em * size * (BOLD_STYLES.has(style) ? BOLD_WIDENING : 1);
}

/** Where a number sits in its cell: the eight compass points (N is the top edge) and the middle. */
type Slot = 'N' | 'E' | 'S' | 'W' | 'NE' | 'SE' | 'SW' | 'NW' | 'middle';

/** The slots of the eight directions, in the engine's order (cpp/core/moves.h: N, E, S, W, NE, SE, SW, NW). */
const DIRECTION_SLOTS: readonly Slot[] = ['N', 'E', 'S', 'W', 'NE', 'SE', 'SW', 'NW'];

interface Wanted {
  texts: readonly string[];
  style: LabelStyle;
  slot: Slot;
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The shortened form of a number with decimals (rounded to a whole number); null when it has none. */
export function shortened(text: string): string | null {
  if (!/^-?\d+\.\d+$/.test(text)) return null;
  return String(Math.round(Number(text)));
}

/**
 * From this many pixels per cell a reached cell shows its numbers per direction (JPS+'s
 * jumps) at its edges too, around its corners' numbers. Below it the corners and edges
 * together read as one block of digits, so the directions are kept for cells the search
 * has not reached (the tooltip has them for every cell).
 */
export const DIRECTIONS_ON_REACHED_SCALE = 96;

/** What one cell wants drawn at `scale`, most important first, each with its full and shortened forms. */
function wantedOf(cell: CellText, scale: number): Wanted[] {
  const wanted: Wanted[] = [];
  const add = (text: string, style: LabelStyle, slot: Slot) => {
    if (text === '') return;
    const short = shortened(text);
    wanted.push({ texts: short === null ? [text] : [text, short], style, slot });
  };
  add(cell.centre, 'cost', 'middle');
  add(cell.topLeft, 'f', 'NW');
  add(cell.bottomLeft, 'value', 'SW');
  add(cell.bottomRight, 'value', 'SE');
  add(cell.topRight, 'order', 'NE');
  const reached = cell.topLeft !== '' || cell.topRight !== '' || cell.bottomLeft !== '' || cell.bottomRight !== '' || cell.parent !== null;
  if (!reached || scale >= DIRECTIONS_ON_REACHED_SCALE) {
    cell.directions?.forEach((label: DirectionLabel, dir) => add(label.text, label.reaches ? 'jump' : 'dead-end', DIRECTION_SLOTS[dir]!));
  }
  return wanted;
}

/** The box of a text at its slot in a cell of `scale` pixels. */
function boxAt(slot: Slot, width: number, height: number, scale: number): Box {
  const pad = Math.max(2, scale * 0.07);
  const horizontal = slot.endsWith('W') ? pad : slot.endsWith('E') ? scale - pad - width : (scale - width) / 2;
  const vertical = slot.startsWith('N') ? pad : slot.startsWith('S') ? scale - pad - height : (scale - height) / 2;
  return { left: horizontal, top: vertical, width, height };
}

const apart = (a: Box, b: Box) =>
  a.left + a.width + LABEL_GAP <= b.left || b.left + b.width + LABEL_GAP <= a.left || a.top + a.height + LABEL_GAP <= b.top || b.top + b.height + LABEL_GAP <= a.top;

/** Places what fits, in order, each text in form `form` (or its only form); returns the boxes placed and which of `wanted` they are. */
function place(cell: CellText, wanted: readonly Wanted[], form: number, scale: number, reserved: readonly Box[]): { placed: PlacedLabel[]; kept: boolean[] } {
  const placed: PlacedLabel[] = [];
  const kept = wanted.map(() => false);
  for (const [index, item] of wanted.entries()) {
    const text = item.texts[Math.min(form, item.texts.length - 1)]!;
    const size = labelFontSize(item.style, scale);
    const box = boxAt(item.slot, labelWidth(text, item.style, size), size, scale);
    const inside = box.left >= 0 && box.top >= 0 && box.left + box.width <= scale && box.top + box.height <= scale;
    if (!inside || !reserved.every((other) => apart(box, other)) || !placed.every((other) => apart(box, other))) continue;
    placed.push({ x: cell.x, y: cell.y, text, style: item.style, size, ...box });
    kept[index] = true;
  }
  return { placed, kept };
}

/** Whether layout `a` keeps more important numbers than `b`: the first number one keeps and the other drops decides. */
function keepsMore(a: readonly boolean[], b: readonly boolean[]): boolean {
  const first = a.findIndex((kept, i) => kept !== b[i]);
  return first >= 0 && a[first]!;
}

/**
 * The arrow from a cell's middle toward its parent `toward` (any distance), in pixels from
 * the middle of a cell of `scale` pixels: its shaft from `tail` to `tip` and the two ends of
 * its head. Small, so numbers keep the corners it does not point at.
 */
export function parentArrow(toward: Point, scale: number): { tail: Point; tip: Point; head: [Point, Point]; lineWidth: number } {
  const length = Math.hypot(toward.x, toward.y);
  const ux = toward.x / length, uy = toward.y / length;
  // Short enough to leave the top corners' numbers their row from about 40 px per cell up.
  const reach = scale * 0.16, back = reach * 0.6, head = scale * 0.08;
  const tip = { x: ux * reach, y: uy * reach };
  return {
    tail: { x: -ux * back, y: -uy * back },
    tip,
    head: [{ x: tip.x - ux * head - uy * head * 0.7, y: tip.y - uy * head + ux * head * 0.7 },
      { x: tip.x - ux * head + uy * head * 0.7, y: tip.y - uy * head - ux * head * 0.7 }],
    lineWidth: Math.max(1, scale * 0.035),
  };
}

/** The box the parent arrow covers in its cell. */
function arrowBox(toward: Point, scale: number): Box {
  const arrow = parentArrow(toward, scale);
  const points = [arrow.tail, arrow.tip, ...arrow.head];
  const pad = arrow.lineWidth / 2;
  const left = Math.min(...points.map((p) => p.x)) - pad, right = Math.max(...points.map((p) => p.x)) + pad;
  const top = Math.min(...points.map((p) => p.y)) - pad, bottom = Math.max(...points.map((p) => p.y)) + pad;
  return { left: scale / 2 + left, top: scale / 2 + top, width: right - left, height: bottom - top };
}

/** The numbers of `cells` that fit at `scale` pixels per cell, each where it goes, around their parent arrows. */
export function layoutLabels(cells: readonly CellText[], scale: number): PlacedLabel[] {
  const out: PlacedLabel[] = [];
  for (const cell of cells) {
    const wanted = wantedOf(cell, scale);
    if (wanted.length === 0) continue;
    const reserved = cell.parent ? [arrowBox(cell.parent, scale)] : [];
    const full = place(cell, wanted, 0, scale, reserved);
    const short = full.placed.length === wanted.length || !wanted.some((item) => item.texts.length > 1) ? full : place(cell, wanted, 1, scale, reserved);
    out.push(...(keepsMore(short.kept, full.kept) ? short : full).placed);
  }
  return out;
}
