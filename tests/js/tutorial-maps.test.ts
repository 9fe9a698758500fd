// The tutorial's diagrams must show what its text says about them. Each <astar-playground>
// is read out of the tutorial's HTML, its attributes go through the element's own parser
// (embed/settings.ts) and its map through the share codec, and the engine runs the search
// the element would show; the claims below are the sentences of the tutorial, so editing a
// map (or the engine) in a way that makes the prose false fails here.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

import { loadEngine, type Engine, type Point, type SearchOptions } from '../../web/src/engine/engine';
import { readEmbedSettings, type EmbedAttribute } from '../../web/src/embed/settings';
import { decodeShareFragment, type ShareState } from '../../web/src/share/share-link';

const PAGES = {
  en: 'web/public/tutorial/index.html',
  'zh-CN': 'web/public/tutorial/zh-CN/index.html',
} as const;

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');

interface Diagram {
  id: string;
  attributes: Record<string, string>;
}

/** Every <astar-playground> start tag outside comments, in page order. The pages are ours, so attribute values never hold quotes or '>'. */
function diagramsIn(html: string): Diagram[] {
  return [...html.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<astar-playground\b([^>]*)>/g)].map((tag) => {
    const attributes: Record<string, string> = {};
    for (const [, name, value] of tag[1]!.matchAll(/([a-z][a-z-]*)(?:="([^"]*)")?/g)) attributes[name!] = value ?? '';
    return { id: attributes.id ?? '', attributes };
  });
}

interface Outcome {
  state: ShareState;
  /** The algorithms the diagram compares side by side (its `algorithms`), or null for one search. */
  compared: string[] | null;
  options: SearchOptions;
  controls: string[] | null;
  readonly: boolean;
  cost: number;
  path: Point[];
  expanded: number;
  /** The heuristic at the start, unweighted. */
  startH: number;
}

let engine: Engine;
const english = diagramsIn(read(PAGES.en));
const byId = new Map(english.map((diagram) => [diagram.id, diagram]));

beforeAll(async () => {
  engine = await loadEngine();
});

/**
 * What the element shows for this diagram once its search has finished, with optional
 * changes to the map or options. A diagram that compares searches (`algorithms`) shows one
 * per algorithm, each with the map's options: `change.options.algorithm` picks which.
 */
function outcome(id: string, change: { options?: Partial<SearchOptions>; edit?: (state: ShareState) => void } = {}): Outcome {
  const diagram = byId.get(id);
  if (!diagram) throw new Error(`the tutorial has no diagram with id "${id}"`);
  const { settings, problems } = readEmbedSettings((name: EmbedAttribute) => diagram.attributes[name] ?? null, engine.catalog);
  expect(problems, `attributes of #${id}`).toEqual([]);
  expect(settings.map, `#${id} names its map`).not.toBeNull();
  const state = decodeShareFragment(settings.map!, engine.catalog);
  change.edit?.(state);
  // As the element does: the map's own options, overridden by the attributes.
  const options: SearchOptions = { ...state.searches[0]!, ...settings.options, ...change.options };
  if (settings.algorithms && !settings.algorithms.includes(options.algorithm))
    throw new Error(`#${id} compares ${settings.algorithms.join(', ')}, not ${options.algorithm}`);
  const grid = engine.createGrid(state.width, state.height);
  grid.assign(state.costs);
  const search = engine.createSearch(grid, options);
  try {
    search.reset(state.start, state.goal);
    search.run();
    expect(search.status, `#${id} finds a path`).toBe('found');
    return {
      state,
      compared: settings.algorithms,
      options,
      controls: settings.controls,
      readonly: settings.readonly,
      cost: search.pathCost!,
      path: search.path(),
      expanded: search.counters().expanded,
      startH: search.h(state.start.x, state.start.y),
    };
  } finally {
    search.delete();
    grid.delete();
  }
}

const costAt = (state: ShareState, p: Point) => state.costs[p.y * state.width + p.x]!;

/** Each diagonal move of a path with the number of walls among the two cells it passes between. */
function diagonalMoves(result: Outcome): { from: Point; to: Point; wallsBeside: number }[] {
  const moves = [];
  for (let i = 1; i < result.path.length; i++) {
    const from = result.path[i - 1]!, to = result.path[i]!;
    if (from.x === to.x || from.y === to.y) continue;
    const beside = [{ x: to.x, y: from.y }, { x: from.x, y: to.y }];
    moves.push({ from, to, wallsBeside: beside.filter((p) => costAt(result.state, p) === 0).length });
  }
  return moves;
}

describe('both pages', () => {
  it('carry the same diagrams with the same attributes', () => {
    const chinese = diagramsIn(read(PAGES['zh-CN']));
    expect(english.length).toBeGreaterThanOrEqual(4);
    expect(chinese).toEqual(english);
  });

  it('give every diagram its own id', () => {
    expect(new Set(english.map((d) => d.id)).size).toBe(english.length);
    expect(english.every((d) => d.id !== '')).toBe(true);
  });

  it('have no inline script, event handler or style, and load the element and the snippet filler relatively', () => {
    for (const [language, path] of Object.entries(PAGES)) {
      const html = read(path);
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.map((script) => script[2]), `${language}: every script tag is empty`).toEqual(['', '']);
      const pageUrl = new URL(path.replace('web/public/', 'https://host/'));
      const sources = scripts.map((script) => /\bsrc="([^"]*)"/.exec(script[1]!)?.[1]);
      expect(sources.map((src) => new URL(src!, pageUrl).href), language).toEqual(['https://host/embed/astar-playground.js', 'https://host/tutorial/embed-snippet.js']);
      for (const src of sources) expect(src!.startsWith('http'), `${language}: relative, so dist/ works from any folder`).toBe(false);
      expect(html, language).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html, language).not.toMatch(/<style\b|\sstyle\s*=/i);
    }
  });
});

describe('four searches, one map', () => {
  const race = () => ({
    bfs: outcome('race-compare', { options: { algorithm: 'bfs' } }),
    dijkstra: outcome('race-compare', { options: { algorithm: 'dijkstra' } }),
    greedy: outcome('race-compare', { options: { algorithm: 'greedy' } }),
    astar: outcome('race-compare', { options: { algorithm: 'astar' } }),
  });

  it('compares the four searches side by side on one map, with diagonal moves that avoid walls', () => {
    const all = Object.values(race());
    expect(all[0]!.compared).toEqual(['bfs', 'dijkstra', 'greedy', 'astar']);
    for (const r of all) expect(r.options.diagonal).toBe('only-when-no-obstacles');
  });

  it('breadth-first counts moves, not distance: fewest moves, and here no costlier than Dijkstra', () => {
    const { bfs, dijkstra } = race();
    expect(bfs.path.length).toBeLessThanOrEqual(dijkstra.path.length);
    expect(bfs.cost).toBeCloseTo(dijkstra.cost, 9);
  });

  it('greedy expands the fewest cells of the four, and its path is not the cheapest', () => {
    const { bfs, dijkstra, greedy, astar } = race();
    expect(greedy.expanded).toBeLessThan(Math.min(bfs.expanded, dijkstra.expanded, astar.expanded));
    expect(greedy.cost).toBeGreaterThan(astar.cost + 1);
  });

  it('A* finds a path as cheap as Dijkstra’s and expands only about half as many cells', () => {
    const { dijkstra, astar } = race();
    expect(astar.cost).toBeCloseTo(dijkstra.cost, 9);
    expect(astar.expanded / dijkstra.expanded).toBeGreaterThan(0.35);
    expect(astar.expanded / dijkstra.expanded).toBeLessThan(0.6);
  });
});

describe('the heuristic and its weight', () => {
  it('starts both maps with plain A* and octile distance, weights 1 and 2', () => {
    const one = outcome('weight-1'), two = outcome('weight-2');
    expect(byId.get('weight-1')!.attributes.map).toBe(byId.get('weight-2')!.attributes.map);
    expect([one.options.weight, two.options.weight]).toEqual([1, 2]);
    for (const r of [one, two]) {
      expect(r.options.algorithm).toBe('astar');
      expect(r.options.heuristic ?? 'octile').toBe('octile'); // the default with diagonal moves on
      expect(r.options.diagonal).not.toBe('never');
      expect(r.controls).toEqual(expect.arrayContaining(['heuristic', 'weight']));
    }
  });

  it('weight 2 expands far fewer cells and pays with a costlier path', () => {
    const one = outcome('weight-1'), two = outcome('weight-2');
    expect(two.expanded).toBeLessThan(one.expanded * 0.75);
    expect(two.cost).toBeGreaterThan(one.cost);
  });

  it('the zero heuristic, and weight 0, expand exactly the cells Dijkstra does', () => {
    const dijkstra = outcome('weight-1', { options: { algorithm: 'dijkstra' } });
    expect(outcome('weight-1', { options: { heuristic: 'zero' } }).expanded).toBe(dijkstra.expanded);
    expect(outcome('weight-1', { options: { weight: 0 } }).expanded).toBe(dijkstra.expanded);
  });

  it('Euclidean and Chebyshev find the same cost but expand more cells than octile', () => {
    const octile = outcome('weight-1', { options: { heuristic: 'octile' } });
    for (const heuristic of ['euclidean', 'chebyshev'] as const) {
      const other = outcome('weight-1', { options: { heuristic } });
      expect(other.cost, heuristic).toBeCloseTo(octile.cost, 9);
      expect(other.expanded, heuristic).toBeGreaterThan(octile.expanded);
    }
  });

  it('Manhattan overestimates here, yet happens to get away with it on this map', () => {
    const octile = outcome('weight-1');
    const manhattan = outcome('weight-1', { options: { heuristic: 'manhattan' } });
    expect(manhattan.startH).toBeGreaterThan(octile.cost); // more than the whole trip really costs
    expect(manhattan.cost).toBeCloseTo(octile.cost, 9);
  });
});

describe('terrain', () => {
  const SWAMP = 9, FOREST = 3;

  it('has plain ground (cost 1), a swamp (9) and a forest (3), and nothing else', () => {
    const { state, compared } = outcome('terrain-compare', { options: { algorithm: 'astar' } });
    expect(compared).toEqual(['bfs', 'astar']);
    expect([...new Set(state.costs)].sort()).toEqual([1, FOREST, SWAMP]);
  });

  it('breadth-first wades through the swamp; A* stays out of it', () => {
    const bfs = outcome('terrain-compare', { options: { algorithm: 'bfs' } }), astar = outcome('terrain-compare', { options: { algorithm: 'astar' } });
    expect(bfs.options.algorithm).toBe('bfs');
    expect(astar.options.algorithm).toBe('astar');
    expect(bfs.path.some((p) => costAt(bfs.state, p) === SWAMP)).toBe(true);
    expect(astar.path.some((p) => costAt(astar.state, p) === SWAMP)).toBe(false);
  });

  it('A* goes round the bottom of the swamp, taking more steps for a path that costs far less', () => {
    const bfs = outcome('terrain-compare', { options: { algorithm: 'bfs' } }), astar = outcome('terrain-compare', { options: { algorithm: 'astar' } });
    const { state } = astar;
    const swamp = [...state.costs.keys()].filter((i) => state.costs[i] === SWAMP).map((i) => ({ x: i % state.width, y: Math.floor(i / state.width) }));
    const columns = new Set(swamp.map((p) => p.x));
    const bottom = Math.max(...swamp.map((p) => p.y));
    const crossing = astar.path.filter((p) => columns.has(p.x));
    expect(crossing.length).toBeGreaterThan(0);
    expect(crossing.every((p) => p.y > bottom)).toBe(true);
    expect(astar.path.length).toBeGreaterThan(bfs.path.length);
    expect(astar.cost).toBeLessThan(bfs.cost * 0.75);
  });

  it('the heuristic assumes the cheapest ground on the map: plain ground here, so it is the plain octile distance', () => {
    const plain = outcome('terrain-compare', { options: { algorithm: 'astar' } });
    const { state } = plain;
    const dx = Math.abs(state.goal.x - state.start.x), dy = Math.abs(state.goal.y - state.start.y);
    const octile = Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy);
    expect(plain.startH).toBeCloseTo(octile, 9);
    // Were the cheapest ground to cost 2, every estimate would double.
    const dearer = outcome('terrain-compare', { options: { algorithm: 'astar' }, edit: (s) => s.costs.forEach((c, i) => c === 1 && (s.costs[i] = 2)) });
    expect(dearer.startH).toBeCloseTo(2 * octile, 9);
  });
});

describe('diagonal moves and cutting corners', () => {
  const RULES = {
    never: 'diagonal-never',
    always: 'diagonal-always',
    'if-at-most-one-obstacle': 'diagonal-one',
    'only-when-no-obstacles': 'diagonal-none',
  } as const;
  const results = () => Object.fromEntries(Object.entries(RULES).map(([rule, id]) => [rule, outcome(id)])) as Record<keyof typeof RULES, Outcome>;

  it('shows one map with A* under each of the four rules', () => {
    const all = results();
    expect(new Set(Object.values(RULES).map((id) => byId.get(id)!.attributes.map)).size).toBe(1);
    for (const [rule, r] of Object.entries(all)) {
      expect(r.options.diagonal).toBe(rule);
      expect(r.options.algorithm).toBe('astar');
    }
  });

  it('gives four different paths, costlier the fewer moves a rule allows', () => {
    const all = results();
    expect(new Set(Object.values(all).map((r) => JSON.stringify(r.path))).size).toBe(4);
    expect(all.always.cost).toBeLessThan(all['if-at-most-one-obstacle'].cost);
    expect(all['if-at-most-one-obstacle'].cost).toBeLessThan(all['only-when-no-obstacles'].cost);
    expect(all['only-when-no-obstacles'].cost).toBeLessThan(all.never.cost);
  });

  it('Always slips between two walls that touch at their corners', () => {
    expect(diagonalMoves(results().always).some((move) => move.wallsBeside === 2)).toBe(true);
  });

  it('If at most one obstacle clips a wall’s corner; Only when no obstacles keeps clear; Never has no diagonals', () => {
    const all = results();
    const one = diagonalMoves(all['if-at-most-one-obstacle']);
    expect(one.some((move) => move.wallsBeside === 1)).toBe(true);
    expect(one.every((move) => move.wallsBeside <= 1)).toBe(true);
    expect(diagonalMoves(all['only-when-no-obstacles']).every((move) => move.wallsBeside === 0)).toBe(true);
    expect(diagonalMoves(all.never)).toEqual([]);
  });

  it('Always goes through the wall line; the other three go round its top end', () => {
    const all = results();
    const { state } = all.never;
    const walls = [...state.costs.keys()].filter((i) => state.costs[i] === 0).map((i) => ({ x: i % state.width, y: Math.floor(i / state.width) }));
    const top = walls.reduce((a, b) => (b.y < a.y ? b : a));
    // Where each path crosses the column of the line's top wall: above that wall, or below it.
    const crossings = (r: Outcome) => r.path.filter((p) => p.x === top.x).map((p) => p.y);
    for (const rule of ['never', 'if-at-most-one-obstacle', 'only-when-no-obstacles'] as const) {
      expect(crossings(all[rule]).length, rule).toBeGreaterThan(0);
      expect(crossings(all[rule]).every((y) => y < top.y), rule).toBe(true);
    }
    expect(crossings(all.always).length).toBeGreaterThan(0);
    expect(crossings(all.always).every((y) => y > top.y)).toBe(true);
  });
});

describe('your turn', () => {
  it('is editable, with the drawing tools and every search option', () => {
    const sandbox = outcome('sandbox');
    expect(sandbox.readonly).toBe(false);
    expect(sandbox.controls).toEqual(expect.arrayContaining(['draw', 'algorithm', 'heuristic', 'diagonal', 'weight']));
  });

  it('erasing a dry crossing through the swamp makes A* take it', () => {
    const before = outcome('sandbox');
    const { state } = before;
    // Clear the swamp along the goal's row, the crossing a reader would draw.
    const crossing: Point[] = [];
    for (let x = 0; x < state.width; x++) {
      if (costAt(state, { x, y: state.goal.y }) === 9) crossing.push({ x, y: state.goal.y });
    }
    expect(crossing.length).toBeGreaterThan(0);
    const after = outcome('sandbox', {
      edit: (s) => crossing.forEach((p) => (s.costs[p.y * s.width + p.x] = 1)),
    });
    const key = (p: Point) => `${p.x},${p.y}`;
    const onPath = new Set(after.path.map(key));
    expect(crossing.some((p) => onPath.has(key(p)))).toBe(true);
    expect(after.cost).toBeLessThan(before.cost);
  });
});
