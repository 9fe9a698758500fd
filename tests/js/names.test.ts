// The names and limits generated from the built module (scripts/generate-names.mjs into
// web/src/engine/generated/names.ts): that the file on disk is what the module registers, and
// that what the wrapper hands out keeps to it. Needs the module built (node scripts/build.mjs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import createAstarModule, { type AstarModule } from '../../web/src/engine/generated/astar-wasm.mjs';
import * as names from '../../web/src/engine/generated/names';
import {
  loadEngine,
  MAX_GRID_SIDE,
  MAX_SENSE_RADIUS,
  MAX_TERRAIN_COST,
  MAX_WEIGHT,
  type Engine,
  type SearchEvent,
} from '../../web/src/engine/engine';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let raw: AstarModule;
let engine: Engine;
beforeAll(async () => {
  raw = await createAstarModule();
  engine = await loadEngine();
});

const mapText = (rows: string[]): string =>
  `type octile\nheight ${rows.length}\nwidth ${rows[0]!.length}\nmap\n${rows.join('\n')}\n`;

describe('the generated names', () => {
  it('are what the built module registers: generating them again from it gives the same file', () => {
    const folder = mkdtempSync(join(tmpdir(), 'astar-names-'));
    try {
      const again = join(folder, 'names.ts');
      execFileSync(process.execPath, [join(ROOT, 'scripts/generate-names.mjs'), join(ROOT, 'web/src/engine/generated/astar-wasm.mjs'), again]);
      expect(readFileSync(again, 'utf8')).toBe(readFileSync(join(ROOT, 'web/src/engine/generated/names.ts'), 'utf8'));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    // One list per enum the module registers, and no other.
    const registered = Object.keys(raw).filter((key) => typeof (raw as unknown as Record<string, { values?: object }>)[key] === 'function'
      && (raw as unknown as Record<string, { values?: object }>)[key]!.values !== undefined);
    expect(Object.keys(names).filter((key) => key.endsWith('_NAMES')).length).toBe(registered.length);
  });

  it('list each enum in value order, so a name indexes its member', () => {
    const pairs: Array<[keyof AstarModule, readonly string[]]> = [
      ['Algorithm', names.ALGORITHM_NAMES], ['Heuristic', names.HEURISTIC_NAMES], ['Diagonal', names.DIAGONAL_NAMES],
      ['CostModel', names.COST_MODEL_NAMES], ['Refusal', names.REFUSAL_NAMES], ['Status', names.STATUS_NAMES],
      ['CellPhase', names.CELL_PHASE_NAMES], ['Side', names.SIDE_NAMES], ['EventKind', names.EVENT_KIND_NAMES],
      ['Outcome', names.OUTCOME_NAMES], ['WalkStatus', names.WALK_STATUS_NAMES], ['ReplanReason', names.REPLAN_REASON_NAMES],
      ['ChannelType', names.CHANNEL_TYPE_NAMES], ['Channel', names.CHANNEL_NAMES],
    ];
    for (const [enumName, list] of pairs) {
      const members = raw[enumName] as unknown as Record<string, { value: number }>;
      expect(list.map((name) => members[name]!.value), enumName).toEqual(list.map((_, value) => value));
    }
    // The names JavaScript has always used, as share links, the CLI's JSON and the page read them.
    expect(names.STATUS_NAMES).toEqual(expect.arrayContaining(['found', 'no-path', 'gave-up', 'refused']));
    expect(names.OUTCOME_NAMES).toEqual(expect.arrayContaining(['not-improved', 'key-raised', 'under-consistent']));
  });

  it('group every outcome but none under the one event kind that reports it', () => {
    const grouped = Object.values(names.OUTCOMES_BY_EVENT_KIND).flat();
    expect([...grouped].sort()).toEqual(names.OUTCOME_NAMES.filter((name) => name !== 'none').sort());
    expect(Object.keys(names.OUTCOMES_BY_EVENT_KIND).sort()).toEqual(['funnel', 'key', 'neighbour', 'rhs', 'scan', 'sight']);
  });

  it('carry the core\'s limits, which the engine enforces', () => {
    expect([MAX_GRID_SIDE, MAX_WEIGHT, MAX_SENSE_RADIUS, MAX_TERRAIN_COST]).toEqual([raw.MAX_GRID_SIDE, raw.MAX_WEIGHT, raw.MAX_SENSE_RADIUS, raw.MAX_TERRAIN_COST]);
    const widest = engine.createGrid(MAX_GRID_SIDE, 1);
    expect(widest.width).toBe(MAX_GRID_SIDE);
    widest.delete();
    expect(() => engine.createGrid(MAX_GRID_SIDE + 1, 1)).toThrow(RangeError);
    using grid = engine.createGrid(3, 3);
    grid.setCost(1, 1, MAX_TERRAIN_COST);
    expect(grid.cost(1, 1)).toBe(MAX_TERRAIN_COST);
    expect(() => grid.setCost(1, 1, MAX_TERRAIN_COST + 1)).toThrow(`cost must be an integer from 0 (wall) to ${MAX_TERRAIN_COST}`);
    using walk = engine.createWalk(grid);
    walk.setOptions({}, MAX_SENSE_RADIUS);
    expect(() => walk.setOptions({}, MAX_SENSE_RADIUS + 1)).toThrow(`senseRadius must be a whole number from 0 to ${MAX_SENSE_RADIUS}`);
  });
});

describe('what the wrapper hands out', () => {
  it("gives each event an outcome of its own kind's list, for every algorithm", () => {
    // Rooms and gaps, so that JPS scans stop at walls, Theta*'s sight is obstructed and IDA* prunes.
    using grid = engine.parseMap(mapText(['............', '..@@@@@.....', '......@..@..', '.@@@..@..@..', '...@.....@..', '...@@@@.@@..', '..........@.', '.@@@@.....@.', '............']));
    const seen = new Set<string>();
    // The mesh searches' events are about the mesh's nodes: tests/js/navmesh.test.ts.
    for (const { name } of engine.catalog.algorithms.filter((row) => !row.onMesh)) {
      using search = engine.createSearch(grid, { algorithm: name, maxExpansions: 5000 });
      search.reset({ x: 0, y: 0 }, { x: 11, y: 8 });
      for (let step = search.step(); step; step = search.step()) {
        for (const event of step.events as SearchEvent[]) {
          if (!('outcome' in event)) continue;
          const kind = event.kind as keyof typeof names.OUTCOMES_BY_EVENT_KIND;
          expect(names.OUTCOMES_BY_EVENT_KIND[kind] as readonly string[], `${name}: ${event.kind}`).toContain(event.outcome);
          seen.add(event.kind);
        }
      }
      expect(search.status, name).toBe('found');
    }
    expect([...seen].sort()).toEqual(['key', 'neighbour', 'rhs', 'scan']);
  });

  it('names every channel a search keeps from the generated list', () => {
    using grid = engine.createGrid(6, 6);
    // A mesh search keeps nothing per cell.
    for (const { name } of engine.catalog.algorithms.filter((row) => !row.onMesh)) {
      using search = engine.createSearch(grid, { algorithm: name });
      search.setTracing(true);
      search.reset({ x: 0, y: 0 }, { x: 5, y: 5 });
      search.run();
      const view = search.cellView();
      const kept = names.CHANNEL_NAMES.filter((channel) => view.has(channel));
      expect(kept, name).toEqual(expect.arrayContaining(['phase', 'g', 'order']));
      // Read by name through the generated list: the channel called g holds what g() reads.
      expect(view.valueAt('g', 5 * 6 + 5), name).toBe(search.g(5, 5));
    }
  });
});
