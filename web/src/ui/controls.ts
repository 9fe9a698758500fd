// Names of the playground's control groups, so a page or an embedded playground can show a
// subset (the `controls` attribute of <astar-playground>, `?controls=` of the iframe form).
// Each name is one thing a reader sees; the full page shows them all.
export const CONTROL_GROUPS = [
  'play', // play/pause, step back, step, reset
  'speed', // the speed slider
  'timeline', // the timeline slider
  'status', // the counters line (expanded, open list, path cost, time)
  'narration', // the sentence describing the current step
  'algorithm',
  'heuristic',
  'diagonal',
  'weight',
  'compare', // Compare, Add search, Stop comparing, and each pane's remove button
  'inspect', // the open list and pseudocode inspector
  'walk', // the Walk button, unknown terrain and its sensing radius, what a walk's step is
  'draw', // drawing tools, terrain cost, undo, redo, fit view (never shown when read-only)
  'map', // size, generators, presets, import and export (never shown when read-only)
  'legend',
  'about',
  'share', // the Share and Embed buttons
  'language',
] as const;

export type ControlGroup = (typeof CONTROL_GROUPS)[number];

/** What an embedded playground shows when its page names no controls. */
export const DEFAULT_EMBED_CONTROLS: readonly ControlGroup[] = ['play', 'speed', 'timeline', 'status'];

/** Groups that edit the map, hidden whatever is asked for when the playground is read-only. */
export const EDITING_GROUPS: readonly ControlGroup[] = ['draw', 'map'];

/**
 * Shows the parts whose group is visible and hides the others; returns whether any part is
 * shown, so a caller can hide the box around them too.
 */
export function showGroups(parts: Partial<Record<ControlGroup, HTMLElement>>, visible: ReadonlySet<ControlGroup>): boolean {
  let any = false;
  for (const [group, element] of Object.entries(parts) as Array<[ControlGroup, HTMLElement]>) {
    element.hidden = !visible.has(group);
    any ||= !element.hidden;
  }
  return any;
}
