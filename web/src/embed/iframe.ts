// The iframe form: the playground page opened as `index.html?embed&controls=...#v2=...`
// shows only the grid and the chosen controls. The query takes the same settings, read
// by the same parser, as the <astar-playground> element's attributes, except `map` (the
// map is the page's fragment, loaded like any share link) and `width` and `height` (the
// iframe's own attributes size it; the map takes the height the controls leave).
import type { MountOptions, PlaygroundHandle } from '../app';
import type { Catalog } from '../engine/engine';
import { captureShareState } from '../share/playground-state';
import { EmbeddedPlayground } from './embedded';
import { readEmbedSettings, type EmbedAttribute } from './settings';

/** Settings the frame takes from elsewhere: the map from the fragment, the size from the iframe. */
const FRAME_OWN: readonly EmbedAttribute[] = ['map', 'width', 'height'];

export interface IframeEmbed {
  /** Options for mountPlayground. */
  mountOptions: MountOptions;
  /**
   * Applies the settings once the playground is mounted, with `fragment` (the page's, without
   * '#') as the map. Returns what opens a later fragment (the address bar's hashchange): the
   * same path as the element's map setting, so the query's overrides stay.
   */
  start(playground: PlaygroundHandle, container: HTMLElement, fragment: string): (fragment: string) => void;
}

/** The embed settings of a page address's query, or null when it has no `embed` flag. */
export function embedFromQuery(search: string, catalog: Catalog): IframeEmbed | null {
  const params = new URLSearchParams(search);
  if (!params.has('embed')) return null;
  const { settings, problems } = readEmbedSettings((name) => (FRAME_OWN.includes(name) ? null : params.get(name)), catalog);
  return {
    mountOptions: {
      chrome: 'embed',
      storage: null, // the page inside someone's article remembers nothing
      language: settings.language ?? undefined,
      controls: settings.controls ?? undefined,
      labels: settings.labels ?? undefined,
      readonly: settings.readonly,
      // The frame is a document of its own: keys reach it only while it has focus.
      keyboardTarget: document,
    },
    start(playground, container, fragment) {
      container.classList.add('ap-frame');
      const controller = new EmbeddedPlayground(playground, captureShareState(playground.store), container);
      const language = playground.store.language;
      const open = (hash: string) => controller.apply({ ...settings, map: hash === '' ? null : hash }, problems, language);
      open(fragment);
      return open;
    },
  };
}
