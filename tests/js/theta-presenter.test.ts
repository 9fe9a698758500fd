// Theta*'s presenter (web/src/presenters/theta-star.ts) in Node, on a map with terrain, run
// by the engine. Every line between cell centres is clear here (there are no walls), and a
// band of costly terrain stands between the start and the goal: Theta* sees straight across
// it but goes round, because a line costs its length in each cell times that cell's cost
// (cpp/core/any_angle.h, segment_cost) and the parent's line is taken only when it is no
// dearer than the ordinary move. The test costs lines itself, apart from the engine: it
// cuts a line where it crosses the cells' edges and costs each piece by the cell its middle
// is in. Everything created is deleted.
import { describe, expect, it } from 'vitest';
import { eventsOf, type DiagonalName, type Grid, type Point, type Search, type StepEvent } from '../../web/src/engine/engine';
import { engine, keepGrid, keepSearch, useEngine } from './engine-fixture';
import { countedKey } from '../../web/src/presenters/common';
import { presenterFor, searchStory } from '../../web/src/presenters/index';
import type { StepStory } from '../../web/src/presenters/presenter';
import { listItems, translate } from '../../web/src/ui/i18n';
import type { Language } from '../../web/src/state/store';

// 14 x 7: a band of 9 from the top edge down, open below it.
const MAP = [
  '......99......',
  '......99......',
  '......99......',
  '......99......',
  '......99......',
  '..............',
  '..............',
];
const START: Point = { x: 1, y: 2 }, GOAL: Point = { x: 12, y: 2 };
const LANGUAGES: readonly Language[] = ['en', 'zh-CN'];

useEngine();

const costAt = (p: Point) => (MAP[p.y]![p.x] === '.' ? 1 : Number(MAP[p.y]![p.x]));
const inBand = (p: Point) => costAt(p) > 1;

function bandMap(terrain = true): Grid {
  const grid = engine.createGrid(MAP[0]!.length, MAP.length);
  grid.assign(Uint8Array.from(MAP.join(''), (c) => (c === '.' || !terrain ? 1 : Number(c))));
  keepGrid(grid);
  return grid;
}

/**
 * The integral along the segment between the centres of `a` and `b` of `weight` of the cell
 * under it: the segment is cut at every vertical and horizontal cell edge it crosses, and
 * each piece weighed by the cell its middle is in (a piece through a lattice corner has no
 * length, and no cell).
 */
function alongSegment(a: Point, b: Point, weight: (cell: Point) => number): number {
  const ax = a.x + 0.5, ay = a.y + 0.5, dx = b.x - a.x, dy = b.y - a.y;
  const cuts = [0, 1];
  for (let k = Math.min(a.x, b.x) + 1; k <= Math.max(a.x, b.x); k++) cuts.push((k - ax) / dx);
  for (let k = Math.min(a.y, b.y) + 1; k <= Math.max(a.y, b.y); k++) cuts.push((k - ay) / dy);
  cuts.sort((p, q) => p - q);
  let sum = 0;
  for (let i = 1; i < cuts.length; i++) {
    const piece = cuts[i]! - cuts[i - 1]!;
    if (piece <= 0) continue;
    const middle = (cuts[i]! + cuts[i - 1]!) / 2;
    sum += piece * weight({ x: Math.floor(ax + dx * middle), y: Math.floor(ay + dy * middle) });
  }
  return sum * Math.hypot(dx, dy);
}
const segmentCost = (a: Point, b: Point) => alongSegment(a, b, costAt);
const lengthInBand = (a: Point, b: Point) => alongSegment(a, b, (cell) => (inBand(cell) ? 1 : 0));

function storyOf(search: Search, stepNumber: number, language: Language): StepStory {
  return searchStory(search, (key, params) => translate(language, key, params), language, stepNumber, GOAL);
}

interface Told {
  step: StepEvent;
  /** The g of each sight's origin (the expanded cell's parent), closed, so final. */
  parentG: number | null;
  said: Record<Language, string>;
}

/** Every step of Theta* to its end, narrated as the page narrates it. */
function narrated(grid: Grid, diagonal: DiagonalName): { told: Told[]; search: Search } {
  const search = engine.createSearch(grid, { algorithm: 'theta', diagonal });
  keepSearch(search);
  expect(search.reset(START, GOAL)).toBe(true);
  const presenter = presenterFor('theta');
  const told: Told[] = [];
  while (search.status === 'running') {
    const step = search.step()!;
    const from = eventsOf(step, 'sight')[0]?.from;
    const say = (language: Language) => presenter.narrateStep(step, storyOf(search, told.length + 1, language)).join(' ');
    told.push({ step, parentG: from ? search.g(from.x, from.y) : null, said: { en: say('en'), 'zh-CN': say('zh-CN') } });
  }
  expect(search.status).toBe('found');
  return { told, search };
}

const cellName = (p: Point) => `(${p.x}, ${p.y})`;

describe('Theta* on a map with terrain', () => {
  it('goes round a costly band it sees across, and its cost is the sum of its segments\' costs', () => {
    for (const diagonal of engine.algorithm('theta').diagonals) {
      const { search } = narrated(bandMap(), diagonal);
      const corners = search.path();
      expect(corners[0]).toEqual(START);
      expect(corners.at(-1)).toEqual(GOAL);
      let cost = 0;
      for (let i = 1; i < corners.length; i++) {
        cost += segmentCost(corners[i - 1]!, corners[i]!);
        // Not through the band: no corner in it, and no length of any segment inside it.
        expect(inBand(corners[i]!), `${diagonal} ${cellName(corners[i]!)}`).toBe(false);
        expect(lengthInBand(corners[i - 1]!, corners[i]!), `${diagonal} ${cellName(corners[i - 1]!)} → ${cellName(corners[i]!)}`).toBe(0);
      }
      expect(search.pathCost, diagonal).toBeCloseTo(cost, 9);
      // The straight line from the start to the goal, clear (no walls), costs more.
      expect(lengthInBand(START, GOAL)).toBeGreaterThan(0);
      expect(segmentCost(START, GOAL), diagonal).toBeGreaterThan(cost);
    }
  });

  it('says which neighbours the parent sees but reaches more cheaply by an ordinary move, in English and Chinese', () => {
    for (const diagonal of engine.algorithm('theta').diagonals) {
      let dearer = 0, decided = 0;
      const seenCounts = new Set<number>();
      for (const { step, parentG, said } of narrated(bandMap(), diagonal).told) {
        const sights = eventsOf(step, 'sight');
        const context = `${diagonal} ${cellName(step.cell)}`;
        for (const sight of sights) {
          expect(sight.clear, context).toBe(true); // no walls
          expect(sight.blockedBy, context).toBeNull();
          // Dearer exactly when the parent's line, costed here, costs more than the ordinary move.
          const throughParent = parentG! + segmentCost(sight.from, sight.to);
          const direct = step.g + segmentCost(step.cell, sight.to);
          if (Math.abs(throughParent - direct) > 1e-9) {
            decided++;
            expect(sight.dearer, `${context} → ${cellName(sight.to)}`).toBe(throughParent > direct);
          }
          // With terrain only in the band, a line is dearer only across it.
          if (sight.dearer) expect(lengthInBand(sight.from, sight.to), `${context} → ${cellName(sight.to)}`).toBeGreaterThan(0);
        }
        const named = (dear: boolean, language: Language) => listItems(language, sights.filter((sight) => sight.dearer === dear).map((sight) => cellName(sight.to)));
        const parent = sights[0] ? cellName(sights[0].from) : '';
        const seen = sights.filter((sight) => !sight.dearer).length;
        seenCounts.add(Math.min(seen, 2));
        for (const language of LANGUAGES) {
          const dearerSentence = translate(language, 'narration.theta.dearer', { parent, cells: named(true, language), cell: cellName(step.cell) });
          // One cell "hangs from the parent by a straight line", several "by straight lines".
          const seesSentence = translate(language, countedKey('narration.theta.sees', seen), { parent, cells: named(false, language) });
          expect(said[language].includes(dearerSentence), `${context} ${language}: ${said[language]}`).toBe(named(true, language) !== '');
          expect(said[language].includes(seesSentence), `${context} ${language}: ${said[language]}`).toBe(named(false, language) !== '');
          // Chinese lists cells with its enumeration comma: "(2, 1)、(3, 2)", never "(2, 1), (3, 2)".
          if (language === 'zh-CN') expect(said[language], context).not.toMatch(/\), \(/);
          // Nothing is said to be blocked.
          expect(said[language]).not.toMatch(language === 'en' ? /No line of sight/ : /视线被挡住/);
        }
        dearer += sights.filter((sight) => sight.dearer).length;
      }
      expect([...seenCounts].sort(), `${diagonal}: steps that see one cell and several`).toEqual(expect.arrayContaining([1, 2]));
      expect(dearer, diagonal).toBeGreaterThan(0);
      expect(decided, diagonal).toBeGreaterThan(0);
    }
  });

  it('tells the same map without the band as before: one straight line, nothing dearer', () => {
    for (const diagonal of engine.algorithm('theta').diagonals) {
      const { told, search } = narrated(bandMap(false), diagonal);
      expect(search.path()).toEqual([START, GOAL]);
      for (const { step, said } of told) {
        expect(eventsOf(step, 'sight').some((sight) => sight.dearer)).toBe(false);
        expect(said.en).not.toMatch(/costlier terrain/);
        expect(said['zh-CN']).not.toMatch(/代价更高的地形/);
      }
    }
  });
});
