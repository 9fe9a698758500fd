// Command-line arguments of `astar`, parsed into a command or rejected with one clear line.
//
// A hand-written parser rather than node:util parseArgs: the errors a user sees must name
// the option and what it accepts ("unknown diagonal mode ..., expected ..."), and the few
// shapes we accept (`--name value`, `--name=value`, flags) fit in a page.
import { MAX_WEIGHT, type AlgorithmName, type DiagonalName, type HeuristicName, type SearchOptions } from '../engine/engine';
import { CliError } from './cli-error';

// Records rather than arrays so TypeScript checks the lists are complete and correct
// against the engine's name types; the values are the help text.
const ALGORITHMS: Record<AlgorithmName, string> = {
  astar: 'A* (default)',
  dijkstra: 'Dijkstra (A* with the zero heuristic)',
  greedy: 'greedy best-first',
  bfs: 'breadth-first',
};
const DIAGONALS: Record<DiagonalName, string> = {
  'only-when-no-obstacles': 'default; the Moving AI rule, no corner cutting',
  'if-at-most-one-obstacle': 'cut a corner past at most one wall',
  always: 'diagonal whenever the target cell is free',
  never: '4-connected',
};
const HEURISTICS: Record<HeuristicName, string> = {
  octile: 'default with diagonal moves',
  manhattan: 'default without diagonal moves',
  euclidean: '',
  chebyshev: '',
  zero: '',
};

export const USAGE = `usage: astar scen FILE.scen [options]

Runs every query of a Moving AI scenario file with the WebAssembly engine. The map is
looked up next to the .scen file: "X.map.scen" uses "X.map", otherwise the file named
in the scenario's map column.

options:
  --algorithm NAME
${choices(ALGORITHMS)}
  --diagonal MODE
${choices(DIAGONALS)}
  --heuristic NAME
${choices(HEURISTICS)}
  --weight W         heuristic weight for A*, from 0 to 100 (default 1; above 1 is weighted A*)
  --json             one JSON object per query and line, in file order
  --paths            with --json: add each path as [[x,y],...] from start to goal
  -h, --help         show this help

Without --json it prints a summary: queries, how many match the file's optimal
length (within 0.01), mean expansions and time.`;

export interface ScenCommand {
  kind: 'scen';
  file: string;
  options: Partial<SearchOptions>; // only what the user gave; the engine fills in defaults
  json: boolean;
  paths: boolean;
}
export type Command = { kind: 'help' } | ScenCommand;

type ValueOption = 'algorithm' | 'diagonal' | 'heuristic' | 'weight';
const VALUE_OPTIONS: readonly ValueOption[] = ['algorithm', 'diagonal', 'heuristic', 'weight'];

export function parseArguments(argv: readonly string[]): Command {
  if (argv.length === 0) throw new CliError('no command given (try: astar scen FILE.scen, or astar --help)');
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
  const [command, ...rest] = argv;
  if (command !== 'scen') {
    throw new CliError(`unknown command "${command}" (the only command is: astar scen FILE.scen)`);
  }

  const values = new Map<ValueOption, string>();
  const flags = new Set<'json' | 'paths'>();
  const files: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith('--')) {
      files.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const name = arg.slice(2, equals < 0 ? undefined : equals);
    if (name === 'json' || name === 'paths') {
      if (equals >= 0) throw new CliError(`--${name} takes no value`);
      flags.add(name);
      continue;
    }
    const option = VALUE_OPTIONS.find((known) => known === name);
    if (!option) throw new CliError(`unknown option ${arg.slice(0, equals < 0 ? undefined : equals)} (see astar --help)`);
    if (values.has(option)) throw new CliError(`--${option} is given more than once`);
    let value: string | undefined;
    if (equals >= 0) value = arg.slice(equals + 1);
    else if (i + 1 < rest.length && !rest[i + 1].startsWith('--')) value = rest[++i];
    if (value === undefined || value === '') throw new CliError(`--${option} needs a value`);
    values.set(option, value);
  }

  if (files.length === 0) throw new CliError('no scenario file given (usage: astar scen FILE.scen [options])');
  if (files.length > 1) throw new CliError(`one scenario file at a time, got ${files.length}: ${files.join(', ')}`);
  if (flags.has('paths') && !flags.has('json')) throw new CliError('--paths only applies together with --json');

  const options: Partial<SearchOptions> = {};
  const algorithm = values.get('algorithm');
  if (algorithm !== undefined) options.algorithm = pickName(ALGORITHMS, algorithm, 'algorithm');
  const diagonal = values.get('diagonal');
  if (diagonal !== undefined) options.diagonal = pickName(DIAGONALS, diagonal, 'diagonal mode');
  const heuristic = values.get('heuristic');
  if (heuristic !== undefined) options.heuristic = pickName(HEURISTICS, heuristic, 'heuristic');
  const weight = values.get('weight');
  if (weight !== undefined) options.weight = parseWeight(weight);

  return { kind: 'scen', file: files[0], options, json: flags.has('json'), paths: flags.has('paths') };
}

function pickName<Name extends string>(table: Record<Name, string>, value: string, what: string): Name {
  const names = Object.keys(table) as Name[];
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

function listOf(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

function choices(table: Record<string, string>): string {
  return Object.entries(table)
    .map(([name, note]) => `      ${name.padEnd(25)}${note}`.trimEnd())
    .join('\n');
}
