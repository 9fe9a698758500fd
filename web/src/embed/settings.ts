// The settings of an embedded playground, read from the <astar-playground> element's
// attributes or from the iframe form's query string (`index.html?embed&controls=...`):
// one parser for both, so both forms accept exactly the same words.
//
// Settings come from page authors and from links, so every value is checked against a
// fixed list or range (option names against the engine's catalog); a bad one is left out
// and described in `problems` (shown on the playground as a message), never passed on.
import { MAX_RADIUS, MAX_WEIGHT, type AlgorithmName, type Catalog, type SearchOptions } from '../engine/engine';
import { MAX_RUNS } from '../state/run';
import { CELL_LABELS, type CellLabel } from '../scene/pane-scene';
import { SHARE_VERSION_KEY } from '../share/share-link';
import { INSTANT_SPEED_INDEX, SPEEDS } from '../state/speeds';
import { MAX_EXPANSION_LIMIT, MAX_SENSE_RADIUS } from '../state/limits';
import type { Language } from '../state/store';
import { CONTROL_GROUPS, type ControlGroup } from '../ui/controls';
import { languageFromTag } from '../ui/i18n';

export const EMBED_ATTRIBUTES = [
  'map', 'width', 'height', 'algorithm', 'algorithms', 'heuristic', 'diagonal', 'weight', 'costs', 'max-expansions',
  'autoplay', 'speed', 'controls', 'readonly', 'lang', 'labels', 'mode', 'sense', 'radius',
] as const;
export type EmbedAttribute = (typeof EMBED_ATTRIBUTES)[number];

export interface EmbedSettings {
  /** A share fragment ("v2=..." or an older version), or null for the default map. */
  map: string | null;
  /** CSS lengths for the playground's width and the map area's height; null = follow the page. */
  width: string | null;
  height: string | null;
  /** Search options that override the map's own, in every search shown. */
  options: Partial<SearchOptions>;
  /** Searches to compare side by side, one per algorithm (2 to MAX_RUNS); null: the map's own. */
  algorithms: AlgorithmName[] | null;
  autoplay: boolean;
  /** Index into SPEEDS, or null for the default speed. */
  speedIndex: number | null;
  /** null: the default groups for an embed. */
  controls: ControlGroup[] | null;
  readonly: boolean;
  /** null: the language of the page around the playground. */
  language: Language | null;
  /** null: all labels. */
  labels: CellLabel[] | null;
  /** 'walk': the agents walk (walk mode); 'search': they search; null: as the map's link says. */
  mode: 'search' | 'walk' | null;
  /** Unknown terrain sensed this far (1 to MAX_SENSE_RADIUS), 0 for full knowledge; null: as the link says. */
  sense: number | null;
  /** The agent radius in cells (0 to MAX_RADIUS, in quarters) the searches on the navigation mesh plan for; null: as the link says. */
  radius: number | null;
}

// A plain number is pixels; otherwise a number with one of the common absolute or relative units.
const LENGTH = /^(\d+(?:\.\d+)?)(px|em|rem|%|vh|vw|ch)?$/;
/**
 * The largest size each unit may ask for: a page's map area has no use for more than a
 * large monitor (a 33.5 million pixel element was asked of a browser through these
 * attributes), and relative units for more than the whole of what they are relative to.
 */
const MAX_LENGTH: Readonly<Record<string, number>> = { px: 8192, em: 512, rem: 512, ch: 1024, '%': 100, vh: 100, vw: 100 };
const SPEED = /^(\d+)(\/frame)?$/;
// Longest value shown back in a message; a megabyte of garbage is not repeated on screen.
const SHOWN_VALUE_LENGTH = 40;

/**
 * Reads every setting through `read` (an attribute or query parameter; null when absent).
 * Returns the settings and a short English description of each value that was ignored.
 */
export function readEmbedSettings(read: (name: EmbedAttribute) => string | null, catalog: Catalog): { settings: EmbedSettings; problems: string[] } {
  const problems: string[] = [];
  const bad = (name: EmbedAttribute, value: string, expected: string) => {
    const shown = value.length > SHOWN_VALUE_LENGTH ? `${value.slice(0, SHOWN_VALUE_LENGTH)}…` : value;
    problems.push(`${name}="${shown}" (${expected})`);
  };
  const oneOf = <T extends string>(name: EmbedAttribute, list: readonly T[]): T | undefined => {
    const value = read(name);
    if (value === null) return undefined;
    const wanted = value.trim().toLowerCase();
    const found = list.find((item) => item === wanted);
    if (!found) bad(name, value, `one of ${list.join(', ')}`);
    return found;
  };
  const words = <T extends string>(name: EmbedAttribute, list: readonly T[]): T[] | null => {
    const value = read(name);
    if (value === null) return null;
    const chosen = new Set<T>();
    for (const word of value.toLowerCase().split(/[\s,]+/).filter(Boolean)) {
      if (word === 'none') continue;
      if (word === 'all') list.forEach((item) => chosen.add(item));
      else if ((list as readonly string[]).includes(word)) chosen.add(word as T);
      else bad(name, word, `known: ${list.join(' ')}, all, none`);
    }
    return list.filter((item) => chosen.has(item));
  };
  const length = (name: EmbedAttribute): string | null => {
    const value = read(name);
    if (value === null) return null;
    const match = LENGTH.exec(value.trim());
    const unit = match?.[2] ?? 'px';
    if (!match || Number(match[1]) > MAX_LENGTH[unit]!) {
      bad(name, value, `a length such as 480, 480px, 30em or 100%, at most ${Object.entries(MAX_LENGTH).map(([u, most]) => `${most}${u}`).join(', ')}`);
      return null;
    }
    return `${match[1]}${unit}`;
  };
  const flag = (name: EmbedAttribute): boolean => {
    // An HTML boolean attribute: present means on, whatever its value, except an explicit "false".
    const value = read(name);
    return value !== null && value.trim().toLowerCase() !== 'false';
  };

  const options: Partial<SearchOptions> = {};
  const pageAlgorithms = catalog.algorithms.map((row) => row.name);
  const algorithm = oneOf('algorithm', pageAlgorithms);
  if (algorithm) options.algorithm = algorithm;
  const heuristic = oneOf('heuristic', catalog.heuristics);
  if (heuristic) options.heuristic = heuristic;
  const diagonal = oneOf('diagonal', catalog.diagonals);
  if (diagonal) options.diagonal = diagonal;
  const costModel = oneOf('costs', catalog.costModels);
  if (costModel) options.costModel = costModel;
  const limitText = read('max-expansions');
  if (limitText !== null) {
    const limit = /^\s*\d{1,10}\s*$/.test(limitText) ? Number(limitText) : NaN;
    if (limit >= 1 && limit <= MAX_EXPANSION_LIMIT) options.maxExpansions = limit;
    else bad('max-expansions', limitText, `a whole number from 1 to ${MAX_EXPANSION_LIMIT}`);
  }
  const weightText = read('weight');
  if (weightText !== null) {
    const weight = Number(weightText);
    if (weightText.trim() !== '' && Number.isFinite(weight) && weight >= 0 && weight <= MAX_WEIGHT) options.weight = weight;
    else bad('weight', weightText, `a number from 0 to ${MAX_WEIGHT}`);
  }

  let algorithms: AlgorithmName[] | null = null;
  const compared = read('algorithms');
  if (compared !== null) {
    const names = pageAlgorithms;
    const listed = compared.toLowerCase().split(/[\s,]+/).filter(Boolean);
    const unknown = listed.filter((name) => !(names as string[]).includes(name));
    if (unknown.length > 0) bad('algorithms', unknown.join(' '), `known: ${names.join(' ')}`);
    else if (listed.length < 1 || listed.length > MAX_RUNS) bad('algorithms', compared, `1 to ${MAX_RUNS} algorithms`);
    else algorithms = listed as AlgorithmName[];
  }

  const mode = oneOf('mode', ['search', 'walk'] as const) ?? null;
  let sense: number | null = null;
  const senseText = read('sense');
  if (senseText !== null) {
    const radius = /^\s*\d{1,2}\s*$/.test(senseText) ? Number(senseText) : NaN;
    if (radius >= 0 && radius <= MAX_SENSE_RADIUS) sense = radius;
    else bad('sense', senseText, `a whole number from 0 (the agent knows the whole map) to ${MAX_SENSE_RADIUS}`);
  }

  let radius: number | null = null;
  const radiusText = read('radius');
  if (radiusText !== null) {
    const value = /^\s*\d(\.\d{1,2})?\s*$/.test(radiusText) ? Number(radiusText) : NaN;
    if (value >= 0 && value <= MAX_RADIUS && Number.isInteger(value * 4)) radius = value;
    else bad('radius', radiusText, `an agent radius in cells from 0 to ${MAX_RADIUS}, in quarters (0.25, 0.5, 1.75)`);
  }

  let language: Language | null = null;
  const lang = read('lang');
  if (lang !== null) {
    language = languageFromTag(lang);
    if (language === null) bad('lang', lang, 'en or zh-CN');
  }

  return {
    settings: {
      map: mapFragment(read('map')),
      width: length('width'),
      height: length('height'),
      options,
      algorithms,
      autoplay: flag('autoplay'),
      speedIndex: speedIndex(read('speed'), (value) => bad('speed', value, 'steps per second such as 10, steps per frame such as 50/frame, or instant')),
      controls: words('controls', CONTROL_GROUPS),
      readonly: flag('readonly'),
      language,
      labels: words('labels', CELL_LABELS),
      mode,
      sense,
      radius,
    },
    problems,
  };
}

/** Accepts the whole fragment ("v2=...") or only the payload after "v2=" (a current link's). */
function mapFragment(value: string | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim().replace(/^#/, '');
  if (trimmed === '') return null;
  return /^v\d+=/.test(trimmed) ? trimmed : `${SHARE_VERSION_KEY}=${trimmed}`;
}

/** "instant", "N" steps per second or "N/frame": the nearest speed the playground offers of that kind. */
function speedIndex(value: string | null, bad: (value: string) => void): number | null {
  if (value === null) return null;
  const text = value.trim().toLowerCase();
  if (text === 'instant') return INSTANT_SPEED_INDEX;
  const match = SPEED.exec(text);
  if (!match) {
    bad(value);
    return null;
  }
  const kind = match[2] ? 'per-frame' : 'per-second';
  const steps = Number(match[1]);
  let best: number | null = null;
  SPEEDS.forEach((speed, index) => {
    if (speed.kind !== kind) return;
    const current = best === null ? Infinity : Math.abs((SPEEDS[best] as { steps: number }).steps - steps);
    if (Math.abs(speed.steps - steps) < current) best = index;
  });
  return best;
}

