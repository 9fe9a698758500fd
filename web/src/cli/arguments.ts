// Command-line arguments of `astar`, parsed into a command or rejected with one clear line.
//
// A hand-written parser rather than node:util parseArgs: the errors a user sees must name
// the option and what it accepts ("unknown diagonal mode ..., expected ..."), and the few
// shapes we accept (`--name value`, `--name=value`, flags) fit in a page. Every option
// name comes from the engine's catalog (the core's tables); only the help notes for the
// diagonal rules and heuristics are written here.
import { MAX_RADIUS, MAX_SENSE_RADIUS, MAX_WEIGHT, MESH_ALGORITHMS, type MeshSearchOptions, type AlgorithmName, type AlgorithmRow, type Catalog, type CostModelName, type DiagonalName, type HeuristicName, type SearchOptions } from '../engine/engine';
import { CliError } from './cli-error';
import { OPTIMAL_TOLERANCE } from './scenario-file';

// Help notes for names whose meaning is not in the catalog; TypeScript checks every name has one.
const DIAGONAL_NOTES: Record<DiagonalName, string> = {
  'only-when-no-obstacles': 'default; the Moving AI rule, no corner cutting',
  'if-at-most-one-obstacle': 'cut a corner past at most one wall',
  always: 'diagonal whenever the target cell is free',
  never: '4-connected',
};
const HEURISTIC_NOTES: Record<HeuristicName, string> = {
  octile: 'default with diagonal moves',
  manhattan: 'default without diagonal moves',
  euclidean: 'default for theta',
  chebyshev: '',
  zero: '',
};
const COST_NOTES: Record<CostModelName, string> = {
  exact: 'default; moves cost 1 and sqrt 2 (the Moving AI lengths)',
  '10-14': 'moves cost 10 and 14, as classic tutorials count',
};

/** The largest --max-expansions: far beyond any run that ends, and exact as a double. */
export const MAX_EXPANSIONS = 2 ** 48;

/** The smallest `astar walk --sense` (Chebyshev distance in cells): the walk's radius 0 means the whole map, which is no --sense. */
const MIN_SENSE_RADIUS = 1;

/** What each command plans with when --algorithm is not given. */
export const DEFAULT_ALGORITHM: Record<CommandName, AlgorithmName> = { scen: 'astar', walk: 'dstar-lite' };

export function usage(catalog: Catalog): string {
  return `usage: astar scen FILE.scen... [options]
       astar walk FILE.scen... [options] [--sense R]

scen runs every query of Moving AI scenario files with the WebAssembly engine: one search
from start to goal on the whole map.
walk sends an agent along every query instead: it follows its planned path one cell at a
time, senses the map around it and replans when what it learns touches the rest of its
path. D* Lite repairs its plan; any other algorithm plans again from the agent's cell.

Each query's map is looked up next to its .scen file: "X.map.scen" uses "X.map", otherwise
the file named in the query's map column, so one file may name several maps. Every file,
line and map is checked before any query runs. On a terminal, stderr shows the progress.

options:
  --algorithm NAME
${choices(catalog.algorithms.map((row) => [row.name, algorithmNote(row)]))}
  --radius R         navmesh and polyanya: the agent's radius in cells, 0 (default) to ${MAX_RADIUS}:
                     paths keep that far from every wall
  --diagonal MODE    which moves are allowed (walk: the agent's moves too)
${choices(catalog.diagonals.map((name) => [name, DIAGONAL_NOTES[name]]))}
  --heuristic NAME
${choices(catalog.heuristics.map((name) => [name, HEURISTIC_NOTES[name]]))}
  --weight W         heuristic weight for A*, from 0 to ${MAX_WEIGHT} (default 1; above 1 is weighted A*)
  --costs MODEL
${choices(catalog.costModels.map((name) => [name, COST_NOTES[name]]))}
  --max-expansions N give up on a query after N expansions (reported as "gave up", never as
                     "no path"); IDA* can need very many on open maps. walk: N per plan
  --sense R          walk only: the agent knows only the cells within R (${MIN_SENSE_RADIUS} to ${MAX_SENSE_RADIUS}, Chebyshev
                     distance) of every cell it has stood on, and assumes unknown cells free;
                     without it the agent knows the whole map
  --json             one JSON object per query and line, in file order: file, map, index (in
                     its file), then scen: start, goal, status, cost, expanded, optimal;
                     walk: start, goal, reached, status, cost (walked), replans, expanded
                     (every plan), optimal
  --paths            with --json: add each path as [[x,y],...] from start to goal (every cell;
                     for any-angle searches the corners of the straight segments; navmesh and
                     polyanya: corners as points of the plane, cell (x, y) being the square
                     (x, y)-(x+1, y+1), so a path starts at (sx + 0.5, sy + 0.5)); walk: the
                     cells the agent stood on, in order, as "walk"
  --check            scen only: exit with status 1 unless every query's cost is the file's
                     optimal length (within ${OPTIMAL_TOLERANCE}), none gave up and there was one to check;
                     for grid searches under the Moving AI rule with exact costs, which the
                     files' lengths count
  -h, --help         show this help

Without --json it prints a summary of each file, and of them all when there are several.
scen: queries, how many match the file's optimal length (within ${OPTIMAL_TOLERANCE}), mean expansions
and time. walk: queries, how many reached the goal, the walked cost against the file's
optimal length, replans, expansions (all planning work) and time.`;
}

function algorithmNote(row: AlgorithmRow): string {
  const notes = [row.label];
  for (const command of COMMAND_NAMES) if (DEFAULT_ALGORITHM[command] === row.name) notes.push(`default for ${command}`);
  if (!row.optimal) notes.push('not optimal');
  if (row.onMesh) notes.push('on a navigation mesh of the map');
  if (row.anyAngle) notes.push('any-angle, so scen only');
  if (row.uniformTerrainOnly) notes.push('maps of one terrain cost');
  if (row.reexpands) notes.push('may need --max-expansions');
  if (row.incremental) notes.push('repairs its plan as it walks');
  return notes.join('; ');
}

const COMMAND_NAMES = ['scen', 'walk'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/** What both commands take: scenario files, search options and how to print. */
export interface ScenarioCommand {
  files: string[];
  options: Partial<SearchOptions>; // only what the user gave; the engine fills in defaults
  json: boolean;
  paths: boolean;
}
export interface ScenCommand extends ScenarioCommand {
  kind: 'scen';
  /** --check: exit 1 unless every query's cost is the file's optimal length. */
  check: boolean;
  /** --algorithm navmesh or polyanya: a mesh search, with its --radius. */
  mesh?: MeshSearchOptions;
}
export interface WalkCommand extends ScenarioCommand {
  kind: 'walk';
  /** 0: the agent knows the whole map (no --sense); else the --sense radius. */
  senseRadius: number;
}
export type Command = { kind: 'help' } | ScenCommand | WalkCommand;

type ValueOption = 'algorithm' | 'diagonal' | 'heuristic' | 'weight' | 'costs' | 'max-expansions' | 'sense' | 'radius';
const VALUE_OPTIONS: readonly ValueOption[] = ['algorithm', 'diagonal', 'heuristic', 'weight', 'costs', 'max-expansions', 'sense', 'radius'];
const WALK_ONLY: readonly ValueOption[] = ['sense'];

export function parseArguments(argv: readonly string[], catalog: Catalog): Command {
  if (argv.length === 0) throw new CliError('no command given (try: astar scen FILE.scen, astar walk FILE.scen, or astar --help)');
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
  const [commandName, ...rest] = argv;
  const command = COMMAND_NAMES.find((name) => name === commandName);
  if (command === undefined) {
    throw new CliError(`unknown command "${commandName}" (the commands are: astar scen FILE.scen, astar walk FILE.scen)`);
  }

  const values = new Map<ValueOption, string>();
  const flags = new Set<'json' | 'paths' | 'check'>();
  const files: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith('--')) {
      files.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const name = arg.slice(2, equals < 0 ? undefined : equals);
    if (name === 'json' || name === 'paths' || name === 'check') {
      if (equals >= 0) throw new CliError(`--${name} takes no value`);
      flags.add(name);
      continue;
    }
    const option = VALUE_OPTIONS.find((known) => known === name);
    if (!option) throw new CliError(`unknown option ${arg.slice(0, equals < 0 ? undefined : equals)} (see astar --help)`);
    if (command !== 'walk' && WALK_ONLY.includes(option)) throw new CliError(`--${option} applies only to astar walk`);
    if (values.has(option)) throw new CliError(`--${option} is given more than once`);
    let value: string | undefined;
    if (equals >= 0) value = arg.slice(equals + 1);
    else if (i + 1 < rest.length && !rest[i + 1].startsWith('--')) value = rest[++i];
    if (value === undefined || value === '') throw new CliError(`--${option} needs a value`);
    values.set(option, value);
  }

  if (files.length === 0) throw new CliError(`no scenario file given (usage: astar ${command} FILE.scen [options])`);
  if (flags.has('paths') && !flags.has('json')) throw new CliError('--paths only applies together with --json');
  if (flags.has('check') && command !== 'scen') throw new CliError('--check applies only to astar scen (a walk in unknown terrain is longer than the optimum by design)');

  const options: Partial<SearchOptions> = {};
  const algorithm = values.get('algorithm');
  const meshAlgorithm = MESH_ALGORITHMS.find((name) => name === algorithm);
  const radius = values.get('radius');
  if (radius !== undefined && !meshAlgorithm) throw new CliError('--radius applies only to --algorithm navmesh or polyanya');
  if (meshAlgorithm && command !== 'scen') throw new CliError(`--algorithm ${meshAlgorithm} plans on a navigation mesh, not cell to cell: astar scen only`);
  if (algorithm !== undefined && !meshAlgorithm)
    options.algorithm = pickName(catalog.algorithms.map((row) => row.name), algorithm, 'algorithm');
  const diagonal = values.get('diagonal');
  if (diagonal !== undefined) options.diagonal = pickName(catalog.diagonals, diagonal, 'diagonal mode');
  const heuristic = values.get('heuristic');
  if (heuristic !== undefined) options.heuristic = pickName(catalog.heuristics, heuristic, 'heuristic');
  const weight = values.get('weight');
  if (weight !== undefined) options.weight = parseWeight(weight);
  const costs = values.get('costs');
  if (costs !== undefined) options.costModel = pickName(catalog.costModels, costs, 'cost model');
  const limit = values.get('max-expansions');
  if (limit !== undefined) options.maxExpansions = parseLimit(limit);

  const common = { files, options, json: flags.has('json'), paths: flags.has('paths') };
  const check = flags.has('check');
  const row = catalog.algorithms.find((candidate) => candidate.name === (options.algorithm ?? DEFAULT_ALGORITHM[command]))!;
  if (check) {
    // The files' lengths are 8-connected, under the Moving AI rule, in exact costs, from cell to cell.
    const cannot = meshAlgorithm ?? (row.anyAngle ? row.name : undefined);
    if (cannot) throw new CliError(`--check compares costs with the files' optimal grid lengths, which ${cannot} (any-angle) is not meant to match`);
    if (options.costModel !== undefined && options.costModel !== 'exact') throw new CliError(`--check compares costs with the files' optimal lengths, which count exact costs, not ${options.costModel}`);
    if (options.diagonal !== undefined && options.diagonal !== 'only-when-no-obstacles')
      throw new CliError(`--check compares costs with the files' optimal lengths, which follow the Moving AI rule (only-when-no-obstacles), not ${options.diagonal}`);
  }
  if (command === 'scen' && meshAlgorithm) {
    for (const other of ['diagonal', 'heuristic', 'weight', 'costs'] as const)
      if (values.has(other)) throw new CliError(`--${other} does not apply to --algorithm ${meshAlgorithm}`);
    const mesh: MeshSearchOptions = { algorithm: meshAlgorithm, radius: radius === undefined ? 0 : parseRadius(radius) };
    if (options.maxExpansions) mesh.maxExpansions = options.maxExpansions;
    return { kind: 'scen', ...common, check, mesh };
  }
  // An option the algorithm does not read is refused, as --radius is, rather than dropped unseen.
  if (options.weight !== undefined && !row.usesWeight) throw new CliError(`--weight does not apply to --algorithm ${row.name}, which reads no heuristic weight`);
  if (options.heuristic !== undefined && !row.usesHeuristic) throw new CliError(`--heuristic does not apply to --algorithm ${row.name}, which uses no heuristic`);
  if (command === 'scen') return { kind: 'scen', ...common, check };
  const sense = values.get('sense');
  return { kind: 'walk', ...common, senseRadius: sense === undefined ? 0 : parseSenseRadius(sense) };
}

function pickName<Name extends string>(names: readonly Name[], value: string, what: string): Name {
  const found = names.find((name) => name === value);
  if (found === undefined) throw new CliError(`unknown ${what} "${value}" (expected ${listOf(names)})`);
  return found;
}

function parseWeight(text: string): number {
  // Number() accepts "", "0x10" and " 1 "; a weight is written as a plain decimal.
  const weight = /^\d+(\.\d+)?$|^\.\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(weight) || weight > MAX_WEIGHT)
    throw new CliError(`--weight needs a number from 0 to ${MAX_WEIGHT}, got "${text}"`);
  return weight;
}

function parseRadius(text: string): number {
  const radius = Number(text);
  if (!/^[0-9.]+$/.test(text) || !(radius >= 0 && radius <= MAX_RADIUS))
    throw new CliError(`--radius needs a number of cells from 0 to ${MAX_RADIUS}, got "${text}"`);
  return radius;
}

function parseLimit(text: string): number {
  const limit = /^[1-9]\d{0,14}$/.test(text) ? Number(text) : NaN;
  if (!(limit >= 1 && limit <= MAX_EXPANSIONS))
    throw new CliError(`--max-expansions needs a whole number from 1 to ${MAX_EXPANSIONS}, got "${text}"`);
  return limit;
}

function parseSenseRadius(text: string): number {
  const radius = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
  if (!(radius >= MIN_SENSE_RADIUS && radius <= MAX_SENSE_RADIUS))
    throw new CliError(`--sense needs a whole number from ${MIN_SENSE_RADIUS} to ${MAX_SENSE_RADIUS}, got "${text}"`);
  return radius;
}

export function listOf(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

function choices(rows: ReadonlyArray<readonly [string, string]>): string {
  return rows.map(([name, note]) => `      ${name.padEnd(25)}${note}`.trimEnd()).join('\n');
}
