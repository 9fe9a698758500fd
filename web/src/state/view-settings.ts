// The view and the reader's preferences: where the map is looked at (the viewport, the
// canvas's size, whether the view follows the canvas), what reached cells are coloured by,
// the language, the message shown, and the drawing tool. None of it changes a search.
import type { HeatMode } from '../scene/pane-scene';
import { fitViewport, panBy, withinZoomRange, type Viewport } from '../scene/viewport';
import { ChangeSignal } from './signal';

/**
 * What a press on the map does: paint (wall, erase, terrain) or inspect (a drag pans, a tap
 * or click shows the cell's numbers). Start and goal are dragged with any tool.
 */
export type Tool = 'wall' | 'erase' | 'terrain' | 'inspect';
export type Language = 'en' | 'zh-CN';

export type MessageKey =
  | 'error.mapSize'
  | 'error.mapFormat'
  | 'error.mapBounds'
  | 'error.fileRead'
  | 'error.presetLoad'
  | 'error.shareLink.notALink'
  | 'error.shareLink.unknownVersion'
  | 'error.shareLink.tooLong'
  | 'error.shareLink.corrupt'
  | 'error.shareLink.badSize'
  | 'error.shareLink.badValue'
  | 'error.embedSetting'
  | 'info.mapLoaded'
  | 'error.scenarioFormat'
  | 'error.scenarioMap'
  | 'error.scenarioQuery'
  | 'info.scenarioLoaded';

export interface Message {
  kind: 'error' | 'info';
  key: MessageKey;
  /** Untranslated detail (a parser message, a file name); shown as text, never as HTML. */
  detail?: string;
}

export class ViewSettings {
  view: Viewport = { scale: 1, offsetX: 0, offsetY: 0 };
  canvasWidth = 0;
  canvasHeight = 0;
  /** True while the view follows the canvas size (nobody has panned or zoomed since the last fit). */
  fitted = true;
  /** What reached cells are coloured by: open and closed ('none') or a heat map. */
  heatMode: HeatMode = 'none';
  message: Message | null = null;
  tool: Tool = 'wall';
  terrainCost = 5;
  readonly changes = new ChangeSignal<'view' | 'ui' | 'language'>();

  constructor(public language: Language) {}

  /** The cost a paint tool writes, or null for tools that do not paint. */
  get paintCost(): number | null {
    switch (this.tool) {
      case 'wall': return 0;
      case 'erase': return 1;
      case 'terrain': return this.terrainCost;
      default: return null;
    }
  }

  setTool(tool: Tool): void {
    this.tool = tool;
    this.changes.emit('ui');
  }

  setTerrainCost(cost: number): void {
    this.terrainCost = Math.min(9, Math.max(1, Math.round(cost)));
    this.tool = 'terrain';
    this.changes.emit('ui');
  }

  setHeatMode(mode: HeatMode): void {
    this.heatMode = mode;
    this.changes.emit('view', 'ui');
  }

  setLanguage(language: Language): void {
    this.language = language;
    this.changes.emit('language');
  }

  showMessage(message: Message | null): void {
    this.message = message;
    this.changes.emit('ui');
  }

  /** A new edit makes an old error or notice beside the point. */
  clearMessage(): void {
    if (this.message) this.showMessage(null);
  }

  /** The canvas has a new size: a fitted view stays fitted; a panned or zoomed one keeps the map point at the centre. */
  setCanvasSize(width: number, height: number, mapWidth: number, mapHeight: number): void {
    if (width === this.canvasWidth && height === this.canvasHeight) return;
    const dx = (width - this.canvasWidth) / 2, dy = (height - this.canvasHeight) / 2;
    this.canvasWidth = width;
    this.canvasHeight = height;
    if (this.fitted) this.fit(mapWidth, mapHeight);
    else this.setView(withinZoomRange(panBy(this.view, dx, dy), mapWidth, mapHeight, width, height));
  }

  /** A pan or zoom by the user. */
  setView(view: Viewport): void {
    this.view = view;
    this.fitted = false;
    this.changes.emit('view');
  }

  /** The whole map in view (again as soon as the canvas has a size). */
  fit(mapWidth: number, mapHeight: number): void {
    this.fitted = true;
    if (this.canvasWidth > 0 && this.canvasHeight > 0) {
      this.view = fitViewport(mapWidth, mapHeight, this.canvasWidth, this.canvasHeight);
      this.changes.emit('view');
    }
  }
}
