// The panel's navigation-mesh controls (issue 19): show the mesh the agent sees, choose the
// agent's radius, and read what was built (polygons, vertices, build time) or how far a long
// build has got. The mesh itself is state/navmesh.ts's; this module only asks the store.
import { MAX_RADIUS } from '../engine/navmesh/free-space';
import { RADIUS_STEP } from '../state/navmesh';
import type { Change, PlaygroundStore } from '../state/store';
import { formatNumber } from '../scene/format';
import { countedKey } from '../presenters/common';
import { el, type Phrases, rangeOutput, setText, showRangeValue } from './dom';
import { translate, type PhraseKey } from './i18n';

export function buildMeshControls(store: PlaygroundStore, phrases: Phrases): { element: HTMLElement; update(changes: ReadonlySet<Change>): void } {
  const shown = el('input', { type: 'checkbox', 'data-control': 'mesh' });
  const radius = el('input', { type: 'range', min: 0, max: MAX_RADIUS, step: RADIUS_STEP, value: 0, 'data-control': 'mesh-radius' });
  const radiusOutput = rangeOutput();
  const status = el('p', { class: 'ap-note', 'data-region': 'mesh-status', 'aria-live': 'polite' });
  shown.addEventListener('change', () => store.setMeshShown(shown.checked));
  radius.addEventListener('input', () => store.setMeshRadius(Number(radius.value)));
  const element = el('div', { class: 'ap-mesh' },
    el('label', { class: 'ap-check' }, shown, phrases.span('mesh.show')),
    el('label', { class: 'ap-field ap-range-field' }, phrases.span('mesh.radius', 'ap-label'), radius, radiusOutput),
    status);

  const update = (changes: ReadonlySet<Change>) => {
    if (!changes.has('ui') && !changes.has('language') && !changes.has('view')) return;
    const mesh = store.navMesh;
    const language = store.language;
    shown.checked = mesh.shown;
    radius.value = String(mesh.radius);
    showRangeValue(radius, radiusOutput, radiusText(mesh.radius, (key, params) => translate(language, key, params)));
    const state = mesh.state;
    status.hidden = state.kind === 'hidden' || (state.kind === 'building' && !state.slow);
    if (state.kind === 'built') {
      const { polygons, vertices, milliseconds } = state.report;
      setText(status, translate(language, 'mesh.built', { polygons: formatNumber(polygons, 0), vertices: formatNumber(vertices, 0), ms: formatNumber(milliseconds, 0) }));
    } else if (state.kind === 'building') {
      setText(status, translate(language, 'mesh.building', { stage: translate(language, `mesh.stage.${state.stage}` as PhraseKey), percent: Math.round(100 * state.progress) }));
    } else if (state.kind === 'failed') {
      setText(status, translate(language, 'mesh.failed', { message: state.message }));
    }
  };
  return { element, update };
}

/** The agent radius with its unit: "1 cell", otherwise "0.5 cells", "2 cells" (and zh-CN's 格). */
export function radiusText(radius: number, say: (key: PhraseKey, params: Record<string, string>) => string): string {
  return say(countedKey('mesh.radiusValue', radius), { n: formatNumber(radius, 2) });
}
