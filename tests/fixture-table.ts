// Reader for tests/fixtures/scenarios.txt, the hand-checked scenario table shared with
// the GoogleTest suite (tests/native/fixture_table.cpp reads the same file; the format
// is documented at the top of the table). Pure: takes the file's text and the engine's
// catalog (option names are checked against it, as the native reader checks them against
// the core's tables), uses no Node or browser API, so the same code runs under Vitest in
// Node and in Chromium.
import type { AlgorithmName, Catalog, CostModelName, DiagonalName, HeuristicName } from '../web/src/engine/engine';

export interface ScenarioCase {
  name: string;
  /** 1-based line of the `case` line, for failure messages. */
  line: number;
  /** heuristic undefined = the algorithm's default for the diagonal mode. */
  options: { algorithm: AlgorithmName; diagonal: DiagonalName; heuristic?: HeuristicName; weight: number; costModel: CostModelName };
  width: number;
  height: number;
  /** The map rows as written in the table (markers S and G included). */
  rows: string[];
  /** Row-major terrain, length width * height: 0 wall, 1..9 cost. */
  costs: Uint8Array;
  start: { x: number; y: number };
  goal: { x: number; y: number };
  /** cost null: no path expected. pathLength counts cells; expanded only where hand-checked. */
  expect: { cost: number | null; pathLength?: number; expanded?: number };
}

export class FixtureTableError extends Error {
  constructor(
    readonly line: number,
    detail: string,
  ) {
    super(`scenarios.txt line ${line}: ${detail}`);
    this.name = 'FixtureTableError';
  }
}

const DECIMAL = /^(?:\d+\.?\d*|\.\d+)$/;
const INTEGER = /^\d{1,9}$/;

function oneOf<T extends string>(allowed: readonly T[], value: string): T | undefined {
  return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** "<a>", "<a>+<b>*sqrt2" or "<b>*sqrt2"; undefined if malformed. */
function parseCost(text: string): number | undefined {
  const suffix = '*sqrt2';
  if (!text.endsWith(suffix)) return DECIMAL.test(text) ? Number(text) : undefined;
  const body = text.slice(0, -suffix.length);
  const plus = body.indexOf('+');
  const straight = plus < 0 ? '0' : body.slice(0, plus);
  const diagonal = plus < 0 ? body : body.slice(plus + 1);
  if (!DECIMAL.test(straight) || !DECIMAL.test(diagonal)) return undefined;
  return Number(straight) + Number(diagonal) * Math.SQRT2;
}

interface PartialCase {
  name: string;
  line: number;
  options?: ScenarioCase['options'];
  startGiven?: { x: number; y: number };
  goalGiven?: { x: number; y: number };
  inMap: boolean;
  rows: string[];
}

export function loadScenarioTable(text: string, catalog: Catalog): ScenarioCase[] {
  const cases: ScenarioCase[] = [];
  const names = new Set<string>();
  let current: PartialCase | null = null;
  let lineNumber = 0;
  const fail = (detail: string): never => {
    throw new FixtureTableError(lineNumber, detail);
  };

  const readOptions = (parts: string[]): ScenarioCase['options'] => {
    let algorithm: AlgorithmName | undefined;
    let diagonal: DiagonalName | undefined;
    let heuristic: HeuristicName | undefined;
    let weight = 1;
    let costModel: CostModelName = 'exact';
    for (const part of parts.slice(1)) {
      const eq = part.indexOf('=');
      if (eq < 0) fail(`expected <key>=<value>, found "${part}"`);
      const key = part.slice(0, eq);
      const value = part.slice(eq + 1);
      if (key === 'algorithm') algorithm = oneOf(catalog.algorithms.map((row) => row.name), value) ?? fail(`unknown algorithm "${value}"`);
      else if (key === 'diagonal') diagonal = oneOf(catalog.diagonals, value) ?? fail(`unknown diagonal mode "${value}"`);
      else if (key === 'heuristic') heuristic = oneOf(catalog.heuristics, value) ?? fail(`unknown heuristic "${value}"`);
      else if (key === 'costs') costModel = oneOf(catalog.costModels, value) ?? fail(`unknown cost model "${value}"`);
      else if (key === 'weight') {
        weight = DECIMAL.test(value) ? Number(value) : NaN;
        if (!(weight > 0)) fail('weight must be a number > 0');
      } else fail(`unknown option "${key}"`);
    }
    if (!algorithm || !diagonal) return fail('`options` needs algorithm= and diagonal=');
    return heuristic === undefined ? { algorithm, diagonal, weight, costModel } : { algorithm, diagonal, heuristic, weight, costModel };
  };

  const finish = (c: PartialCase, parts: string[]): ScenarioCase => {
    if (!c.inMap) fail('`expect` before `map`');
    if (c.rows.length === 0) fail('`map` has no rows');
    const options = c.options ?? fail('`options` missing');
    const width = c.rows[0].length;
    const height = c.rows.length;
    const costs = new Uint8Array(width * height);
    const starts: { x: number; y: number }[] = [];
    const goals: { x: number; y: number }[] = [];
    c.rows.forEach((row, y) => {
      for (let x = 0; x < width; x++) {
        const ch = row[x];
        if (ch === 'S') starts.push({ x, y });
        if (ch === 'G') goals.push({ x, y });
        costs[y * width + x] = ch === '#' ? 0 : ch >= '2' && ch <= '9' ? Number(ch) : 1;
      }
    });
    const resolve = (what: string, given: { x: number; y: number } | undefined, marked: { x: number; y: number }[]) => {
      if (given) {
        if (marked.length > 0) fail(`a \`${what}\` line and a marker both give the ${what}`);
        if (given.x >= width || given.y >= height) fail(`the ${what} is outside the map`);
        return given;
      }
      if (marked.length !== 1) fail(`the map needs exactly one ${what} marker`);
      return marked[0];
    };
    const start = resolve('start', c.startGiven, starts);
    const goal = resolve('goal', c.goalGiven, goals);

    const expect: ScenarioCase['expect'] = { cost: null };
    let decided = false;
    parts.slice(1).forEach((part, index) => {
      const [key, value = ''] = part.split('=', 2);
      if (index === 0 && part === 'no-path') {
        decided = true;
      } else if (index === 0 && key === 'cost') {
        expect.cost = parseCost(value) ?? fail(`bad cost "${value}"`);
        decided = true;
      } else if (key === 'path-length' && expect.cost !== null) {
        expect.pathLength = INTEGER.test(value) ? Number(value) : fail('bad path-length');
      } else if (key === 'expanded') {
        expect.expanded = INTEGER.test(value) ? Number(value) : fail('bad expanded');
      } else {
        fail(`unexpected "${part}" in \`expect\``);
      }
    });
    if (!decided) fail('`expect` needs no-path or cost= first');
    return { name: c.name, line: c.line, options, width, height, rows: c.rows, costs, start, goal, expect };
  };

  for (const rawLine of text.split('\n')) {
    lineNumber++;
    const line = rawLine.replace(/^[ \t]+|[ \t\r]+$/g, '');
    if (line === '' || line.startsWith('//')) continue;
    const parts = line.split(/[ \t]+/);
    const keyword = parts[0];
    if (keyword === 'case') {
      if (current) fail(`case "${current.name}" has no \`expect\` line`);
      if (parts.length !== 2 || !/^[a-z0-9-]+$/.test(parts[1])) fail("expected `case <name>` with a name of a-z, 0-9 and '-'");
      if (names.has(parts[1])) fail(`duplicate case name "${parts[1]}"`);
      names.add(parts[1]);
      current = { name: parts[1], line: lineNumber, inMap: false, rows: [] };
      continue;
    }
    if (!current) fail(`expected \`case <name>\`, found "${line}"`);
    const c = current as PartialCase;
    if (keyword === 'expect') {
      cases.push(finish(c, parts));
      current = null;
    } else if (c.inMap) {
      if (!/^[.#2-9SG]+$/.test(line)) fail(`map rows use only . # 2-9 S G, found "${line}"`);
      if (c.rows.length > 0 && line.length !== c.rows[0].length)
        fail(`map row has ${line.length} cells, expected ${c.rows[0].length}`);
      c.rows.push(line);
    } else if (keyword === 'options') {
      if (c.options) fail('`options` given twice');
      c.options = readOptions(parts);
    } else if (keyword === 'start' || keyword === 'goal') {
      if (parts.length !== 3 || !INTEGER.test(parts[1]) || !INTEGER.test(parts[2])) fail(`expected \`${keyword} <x> <y>\``);
      const point = { x: Number(parts[1]), y: Number(parts[2]) };
      if (keyword === 'start') c.startGiven = point;
      else c.goalGiven = point;
    } else if (keyword === 'map') {
      if (!c.options) fail('`options` must come before `map`');
      c.inMap = true;
    } else {
      fail(`unknown line "${line}"`);
    }
  }
  if (current) {
    lineNumber = current.line;
    fail(`case "${current.name}" has no \`expect\` line`);
  }
  return cases;
}
