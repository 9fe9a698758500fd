// Looking inside one search (in compare mode, the one chosen here): the region named "Open
// list", which lists the open list in the order the search will take it, with g, h and f
// and the next cell first (IDA*: its stack, the depth-first path; bidirectional A*: both
// lists), and the region named "Pseudocode", the algorithm's pseudocode with the line the
// current step is on marked aria-current="step". Both are read from the engine and the
// step's events, the same ones the picture and the narration come from.
import { SIDES, type OpenListEntry, type Point, type Search } from '../engine/engine';
import { frontierOf, meshPresenterFor, presenterFor } from '../presenters/index';
import { isMeshAlgorithm, type MeshTimeline } from '../state/mesh-timeline';
import { currentLineOfStep, finishingLine, linesOfStep, pseudocodeLines, type LineId } from '../presenters/pseudocode';
import { formatNumber } from '../scene/format';
import type { Run } from '../state/run';
import type { Change, PlaygroundStore } from '../state/store';
import { searchName } from './comparison';
import { refusalText } from './describe';
import { el, Phrases, setAttribute, setText } from './dom';
import { translate, type PhraseKey } from './i18n';

/** Entries listed per list; the rest are counted. Enough to see the front of the queue. */
export const OPEN_LIST_SHOWN = 40;

export interface Inspector {
  element: HTMLElement;
  /** The run being inspected. */
  readonly run: Run;
  update(changes: ReadonlySet<Change>): void;
}

/**
 * `onPick` is told the cell of a clicked entry (null: clicked again, so no cell); `later`
 * runs a task at the next frame (the pseudocode box scrolls to its current line there,
 * reading the layout once rather than at every step).
 */
export function buildInspector(store: PlaygroundStore, phrases: Phrases, later: (task: () => void) => void,
  onPick: (run: Run, cell: Point | null) => void): Inspector {
  let inspected: Run = store.runs[0]!;
  let picked: Point | null = null;

  const runSelect = el('select', { 'data-control': 'inspect-search' });
  runSelect.addEventListener('change', () => {
    inspected = store.runs.find((run) => String(run.id) === runSelect.value) ?? store.runs[0]!;
    pick(null);
    update(new Set<Change>(['options', 'search']));
  });
  const runField = el('label', { class: 'ap-field ap-inspect-run' }, phrases.span('inspect.search', 'ap-label'), runSelect);

  const openTitle = el('h3', {});
  const openLists = el('div', { class: 'ap-open-lists' });
  const openRegion = el('section', { class: 'ap-inspect-box', 'data-region': 'open-list' }, openTitle, openLists);
  phrases.attribute(openRegion, 'aria-label', 'inspect.openList');

  const codeTitle = phrases.text(el('h3', {}), 'inspect.pseudocode');
  const code = el('ol', { class: 'ap-pseudocode' });
  const codeRegion = el('section', { class: 'ap-inspect-box', 'data-region': 'pseudocode' }, codeTitle, code);
  phrases.attribute(codeRegion, 'aria-label', 'inspect.pseudocode');

  const element = el('section', { class: 'ap-inspector', 'data-region': 'inspector' },
    el('div', { class: 'ap-inspect-head' }, phrases.text(el('h2', {}), 'inspect'), runField),
    el('div', { class: 'ap-inspect-body' }, openRegion, codeRegion));

  const pick = (cell: Point | null) => {
    picked = cell;
    onPick(inspected, cell);
  };

  // ---------------------------------------------------------------- open list
  const entryButton = (entry: OpenListEntry, next: boolean) => {
    const cell = `(${entry.cell.x}, ${entry.cell.y})`;
    // D* Lite orders its queue by the key [k1; k2], which the engine gives as f and g.
    const numbers = frontierOf(inspected.options.algorithm).keyed
      ? `key [${formatNumber(entry.f, 2)}; ${formatNumber(entry.g, 2)}] · h ${formatNumber(entry.h, 2)}`
      : `g ${formatNumber(entry.g, 2)} · h ${formatNumber(entry.h, 2)} · f ${formatNumber(entry.f, 2)}`;
    const selected = picked !== null && picked.x === entry.cell.x && picked.y === entry.cell.y;
    const button = el('button', { type: 'button', class: `ap-open-entry${next ? ' ap-next' : ''}`, 'aria-pressed': String(selected), 'data-cell': `${entry.cell.x},${entry.cell.y}` },
      el('span', { class: 'ap-open-cell' }, cell),
      el('span', { class: 'ap-open-numbers' }, numbers),
      next ? el('span', { class: 'ap-open-next' }, translate(store.language, 'inspect.next')) : null);
    button.addEventListener('click', () => {
      pick(selected ? null : { ...entry.cell });
      fillOpenList();
    });
    return el('li', {}, button);
  };

  /** One list; `size` is its whole length (null where the engine does not count it: IDA*'s pending descents). */
  const listOf = (titleKey: PhraseKey | null, entries: OpenListEntry[], size: number | null, nextFirst: boolean) => {
    const items = entries.slice(0, OPEN_LIST_SHOWN).map((entry, i) => entryButton(entry, nextFirst && i === 0));
    const list = el('ol', { class: 'ap-open-list' }, ...items);
    const { language } = store;
    const rest = size === null ? (entries.length > items.length ? null : 0) : size - items.length;
    return el('div', {},
      titleKey ? el('h4', {}, translate(language, titleKey, { n: (size ?? entries.length).toLocaleString(language) })) : null,
      entries.length === 0 ? el('p', { class: 'ap-note' }, translate(language, 'inspect.empty')) : list,
      rest === null ? el('p', { class: 'ap-note' }, translate(language, 'inspect.moreUncounted'))
        : rest > 0 ? el('p', { class: 'ap-note' }, translate(language, 'inspect.more', { n: rest.toLocaleString(language) })) : null);
  };

  /** A search on the mesh: its open list of polygons or nodes, each named by its presenter; clicking one rings the cell it lies in. */
  const fillMeshOpenList = (mesh: MeshTimeline) => {
    const language = store.language;
    const frontier = frontierOf(inspected.options.algorithm);
    setText(openTitle, translate(language, frontier.inspectTitle));
    const view = mesh.view();
    const status = view.status;
    if (status === 'ready' || status === 'preparing' || status === 'refused') {
      const why = status === 'refused'
        ? translate(language, 'status.refused', { reason: refusalText(store, mesh.search.refusal ?? 'needs-uniform-terrain', inspected) })
        : translate(language, 'inspect.notRunning');
      openLists.replaceChildren(el('p', { class: 'ap-note' }, why));
      return;
    }
    // Navmesh A*'s funnel walks after its search has ended: the open list is what the search left.
    if (status !== 'running' || mesh.search.status !== 'running') {
      openLists.replaceChildren(el('p', { class: 'ap-note' }, translate(language, frontier.inspectEnded, { n: mesh.search.counters().openSize.toLocaleString(language) })));
      return;
    }
    const presenter = meshPresenterFor(mesh.search.options.algorithm);
    const say = (key: PhraseKey, params?: Record<string, string | number>) => translate(language, key, params);
    const entries = mesh.search.openList(OPEN_LIST_SHOWN);
    const items = entries.map((entry, i) => {
      const { name, at } = presenter.describeEntry(entry, view, say);
      const cell = at ? { x: Math.min(store.grid.width - 1, Math.floor(at.x)), y: Math.min(store.grid.height - 1, Math.floor(at.y)) } : null;
      const selected = picked !== null && cell !== null && picked.x === cell.x && picked.y === cell.y;
      const button = el('button', { type: 'button', class: `ap-open-entry${i === 0 ? ' ap-next' : ''}`, 'aria-pressed': String(selected), 'data-node': entry.node },
        el('span', { class: 'ap-open-cell' }, name),
        el('span', { class: 'ap-open-numbers' }, `g ${formatNumber(entry.g, 2)} · h ${formatNumber(entry.h, 2)} · f ${formatNumber(entry.f, 2)}`),
        i === 0 ? el('span', { class: 'ap-open-next' }, translate(language, 'inspect.next')) : null);
      button.addEventListener('click', () => {
        pick(selected ? null : cell);
        fillMeshOpenList(mesh);
      });
      return el('li', {}, button);
    });
    const rest = mesh.search.counters().openSize - items.length;
    openLists.replaceChildren(
      el('p', { class: 'ap-note' }, translate(language, frontier.inspectOrder)),
      el('div', {}, entries.length === 0 ? el('p', { class: 'ap-note' }, translate(language, 'inspect.empty')) : el('ol', { class: 'ap-open-list' }, ...items),
        rest > 0 ? el('p', { class: 'ap-note' }, translate(language, 'inspect.more', { n: rest.toLocaleString(language) })) : null));
  };

  const fillOpenList = () => {
    if (inspected.mesh) return fillMeshOpenList(inspected.mesh);
    const search = inspected.gridTimeline!.display;
    const language = store.language;
    const frontier = frontierOf(inspected.options.algorithm);
    setText(openTitle, translate(language, frontier.inspectTitle));
    // A walk refused as a whole (an any-angle planner) never reset its planner, which reads 'ready'.
    const walk = inspected.walk?.walk;
    const refused = walk?.status === 'refused' || search.status === 'refused';
    if (refused || search.status === 'ready' || search.status === 'preparing') {
      const why = refused
        ? translate(language, 'status.refused', { reason: refusalText(store, walk?.refusal ?? search.refusal ?? 'needs-uniform-terrain', inspected) })
        : translate(language, 'inspect.notRunning');
      openLists.replaceChildren(el('p', { class: 'ap-note' }, why));
      return;
    }
    // The engine lists what the search will take, the next step's cell first; a search
    // that has ended takes nothing more.
    // D* Lite's queue outlives a plan: the next repair starts from it.
    if (search.status !== 'running' && !(frontier.outlivesPlan && search.status === 'found')) {
      openLists.replaceChildren(el('p', { class: 'ap-note' }, translate(language, frontier.inspectEnded, { n: search.counters().openSize.toLocaleString(language) })));
      return;
    }
    if (frontier.twoLists) {
      // Both lists, each in its own order; the side the next step expands comes first.
      const entries = search.openList(OPEN_LIST_SHOWN * 2 + 2);
      const nextSide = entries[0]?.side;
      const sizes = openSizes(search);
      const lists = SIDES.map((side) =>
        listOf(side === 'forward' ? 'inspect.forward' : 'inspect.backward', entries.filter((e) => e.side === side), sizes[side], side === nextSide));
      if (nextSide === 'backward') lists.reverse();
      openLists.replaceChildren(el('p', { class: 'ap-note' }, translate(language, 'inspect.order')), ...lists);
      return;
    }
    const entries = search.openList(OPEN_LIST_SHOWN + 1);
    openLists.replaceChildren(
      el('p', { class: 'ap-note' }, translate(language, frontier.inspectOrder)),
      ...(search.status === 'found' ? [el('p', { class: 'ap-note' }, translate(language, 'inspect.queueKept'))] : []),
      listOf(null, entries, frontier.counted ? search.counters().openSize : null, true));
  };

  // ---------------------------------------------------------------- pseudocode
  let codeKey = '';
  let lineItems = new Map<string, HTMLLIElement>();
  let shownLine: string | null = null;
  const fillCode = () => {
    const { algorithm } = inspected.options;
    const key = `${algorithm} ${store.language}`;
    if (key !== codeKey) {
      codeKey = key;
      lineItems = new Map();
      const program = isMeshAlgorithm(algorithm) ? meshPresenterFor(algorithm).pseudocode : presenterFor(algorithm).pseudocode;
      code.replaceChildren(...pseudocodeLines(program, store.language).map((line) => {
        const item = el('li', { 'data-line': line.id }, line.text);
        item.style.setProperty('--indent', String(line.indent));
        lineItems.set(line.id, item);
        return item;
      }));
    }
    const mesh = inspected.mesh;
    if (mesh) {
      const lines = meshPresenterFor(mesh.search.options.algorithm).lines(mesh.view());
      markLines(new Set(lines.passed), mesh.status === 'refused' ? null : lines.current);
      return;
    }
    // A search on the mesh without a mesh timeline is a walk's planner, and the walk refuses
    // it (it moves from cell to cell): it is on no line, and no grid presenter speaks for it.
    if (isMeshAlgorithm(algorithm)) {
      markLines(new Set(), null);
      return;
    }
    const presenter = presenterFor(algorithm);
    const search = inspected.gridTimeline!.display;
    const step = inspected.gridTimeline!.lastEvent;
    const passed = new Set<string>(linesOfStep(presenter.pseudocode, step, search.status));
    // A search that does not run (refused: the options cannot run on this map) is on no line.
    let current: LineId | null = search.status === 'refused' ? null : currentLineOfStep(presenter.pseudocode, step, search.status);
    const walk = inspected.walk;
    if (walk && walk.lastStep?.kind === 'move') {
      // A move: the agent follows the plan, or, when the move made it replan, the planner
      // starts again (D* Lite: its repair; the others: from the start of their pseudocode).
      const replanning = walk.walk.status === 'planning';
      current = replanning ? presenter.replanLine : finishingLine(presenter.pseudocode);
      passed.clear();
      passed.add(current);
    }
    markLines(passed, current);
  };

  /** Marks the lines passed and the current one, and scrolls the current one into view. */
  const markLines = (passed: ReadonlySet<string>, current: LineId | null) => {
    for (const [id, item] of lineItems) {
      item.classList.toggle('ap-line-passed', current !== null && passed.has(id));
      if (id === current) setAttribute(item, 'aria-current', 'step');
      else if (item.hasAttribute('aria-current')) item.removeAttribute('aria-current');
    }
    if (current !== shownLine) {
      shownLine = current;
      const item = current === null ? undefined : lineItems.get(current);
      if (item) later(() => keepInView(codeRegion, item));
    }
  };

  /**
   * The inspected run, or the first one once it has been removed. Others ask for it (the
   * transport narrates it) before this inspector hears of the change, so the check is made
   * on every read, not in update().
   */
  const current = (): Run => {
    if (!store.runs.includes(inspected)) {
      inspected = store.runs[0]!;
      picked = null;
    }
    return inspected;
  };

  const update = (changes: ReadonlySet<Change>) => {
    current();
    if (changes.has('options') || changes.has('language')) {
      runField.hidden = store.runs.length < 2;
      runSelect.replaceChildren(...store.runs.map((run) => el('option', { value: run.id }, searchName(store, run))));
      runSelect.value = String(inspected.id);
    }
    if (changes.has('search') || changes.has('options') || changes.has('language') || changes.has('map') || changes.has('endpoints')) {
      if (changes.has('search') && picked) {
        // A picked cell stays picked while it is still in the list; a new search forgets it.
        const grid = inspected.gridTimeline;
        if (grid && grid.display.phase(picked.x, picked.y) !== 'open') pick(null);
      }
      fillOpenList();
      fillCode();
    }
  };
  update(new Set<Change>(['options', 'search', 'language']));
  return { element, update, get run() { return current(); } };
}

/** Scrolls `box` (not the page) just enough to show `item`, with a line of margin. */
function keepInView(box: HTMLElement, item: HTMLElement): void {
  const boxRect = box.getBoundingClientRect(), itemRect = item.getBoundingClientRect();
  if (boxRect.height === 0) return; // not laid out (hidden)
  const margin = itemRect.height;
  if (itemRect.top < boxRect.top + margin) box.scrollTop -= boxRect.top + margin - itemRect.top;
  else if (itemRect.bottom > boxRect.bottom - margin) box.scrollTop += itemRect.bottom - (boxRect.bottom - margin);
}

/** Bidirectional search: how many cells each side's open list holds. */
function openSizes(search: Search): { forward: number; backward: number } {
  const cells = search.cellView();
  let forward = 0, backward = 0;
  for (let id = 0; id < cells.count; id++) {
    if (cells.phaseAt(id) === 1) forward++;
    if (cells.phaseBackAt(id) === 1) backward++;
  }
  return { forward, backward };
}
