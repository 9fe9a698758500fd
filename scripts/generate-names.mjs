// Writes web/src/engine/generated/names.ts from the built WebAssembly module, so that every
// name and limit crossing from C++ into TypeScript is spelled once, in the core's tables.
//
// Emscripten 3.1.6 cannot emit TypeScript for embind, so the module is asked instead: it is
// loaded in Node right after the wasm build (scripts/build.mjs), and what cpp/bindings/names.cpp
// registered is read back out of it:
//   - every embind enum (a function with a `values` table), its member names in value order:
//     `export const STATUS_NAMES = [...] as const` and `export type StatusName`, and so on
//     for each (`Channel` gives CHANNEL_NAMES / ChannelName);
//   - every upper-case number constant (`constant("MAX_GRID_SIDE", ...)`), as a const;
//   - `outcomeKinds()`, the event kind reporting each outcome, as OUTCOMES_BY_EVENT_KIND,
//     from which the wrapper types each event kind's outcomes.
// Reading the module rather than parsing C++ means the file holds what JavaScript will really
// get. The output is git-ignored like the module; a fresh clone has it after its first build,
// which is why `npm test` and `npm start` build before they type-check.
//
// Run alone: node scripts/generate-names.mjs [module.mjs] [names.ts]
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT, StepError, main, say } from './shell.mjs';

export const WASM_MODULE = join(ROOT, 'web/src/engine/generated/astar-wasm.mjs');
export const NAMES_FILE = join(ROOT, 'web/src/engine/generated/names.ts');
const THIS_SCRIPT = fileURLToPath(import.meta.url);

const CONSTANT = /^[A-Z][A-Z0-9_]*$/;

/** "CellPhase" -> "CELL_PHASE". */
function screaming(name) {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/** Whether a property of the module is an embind enum: a constructor with a `values` table. */
function isEnum(value) {
  return typeof value === 'function' && value.values !== null && typeof value.values === 'object';
}

/**
 * An enum's member names in value order. Values are whole numbers, each used once; they may
 * skip a number (the algorithm table reserves values for algorithms being added elsewhere,
 * and a value is never reused), so a name's place in the list is its order, not its value.
 */
function memberNames(enumName, enumObject) {
  const byValue = new Map();
  for (const name of Object.keys(enumObject)) {
    if (name === 'values') continue;
    const value = enumObject[name].value;
    if (!Number.isInteger(value) || value < 0 || byValue.has(value))
      throw new StepError(`${enumName}.${name} has value ${value}, which is not a new whole number`);
    byValue.set(value, name);
  }
  return [...byValue.keys()].sort((a, b) => a - b).map((value) => byValue.get(value));
}

/** The name of `enumObject`'s member of `value`. */
function nameOf(enumObject, value) {
  return Object.keys(enumObject).find((name) => name !== 'values' && enumObject[name].value === value);
}

/** What the module registers: its enums (name -> member names in value order), its constants and each outcome's event kind. */
export async function readModule(modulePath = WASM_MODULE) {
  // A query string makes Node load the file again when it was rebuilt since the last import.
  const url = `${pathToFileURL(modulePath).href}?mtime=${statSync(modulePath).mtimeMs}`;
  const { default: createModule } = await import(url);
  const raw = await createModule();
  const enums = new Map();
  const constants = new Map();
  for (const key of Object.keys(raw).sort()) {
    const value = raw[key];
    if (isEnum(value)) enums.set(key, memberNames(key, value));
    else if (CONSTANT.test(key) && typeof value === 'number') constants.set(key, value);
  }
  const kinds = enums.get('EventKind');
  const outcomes = enums.get('Outcome');
  if (!kinds || !outcomes || typeof raw.outcomeKinds !== 'function')
    throw new StepError(`${modulePath} registers no EventKind, Outcome or outcomeKinds(): is it this project's module?`);
  const outcomesByKind = new Map();
  // outcomeKinds() is in Outcome value order (kOutcomes').
  raw.outcomeKinds().forEach((kind, outcome) => {
    if (kind === null) return;
    const kindName = nameOf(raw.EventKind, kind.value);
    if (!outcomesByKind.has(kindName)) outcomesByKind.set(kindName, []);
    outcomesByKind.get(kindName).push(nameOf(raw.Outcome, outcome));
  });
  // The algorithm table's rows that search a navigation mesh (SearchClass::on_mesh), which
  // the engine makes with createMeshSearch and the page runs apart from the grid searches.
  const meshAlgorithms = raw.catalog().algorithms.filter((row) => row.onMesh).map((row) => row.name);
  return { enums, constants, outcomesByKind, meshAlgorithms };
}

/** The text of names.ts for what the module registers. */
export function namesSource({ enums, constants, outcomesByKind, meshAlgorithms }, modulePath = WASM_MODULE) {
  // Single-quoted, as the sources are; the names are the core's own (no quote or backslash in
  // them, but escaped all the same).
  const quote = (text) => `'${text.replace(/[\\']/g, '\\$&')}'`;
  const list = (names) => `[${names.map(quote).join(', ')}]`;
  const lines = [
    `// Generated by scripts/generate-names.mjs from ${relative(ROOT, modulePath)}: do not edit.`,
    '// The names are the core\'s tables (cpp/core/options.h, search.h, events.h, walk.h) as',
    '// cpp/bindings/names.cpp registers them; each list is in the enum\'s value order.',
    '',
  ];
  for (const [name, members] of enums) {
    const constName = `${screaming(name)}_NAMES`;
    lines.push(`/** Names of the engine's \`${name}\` members, in value order. */`);
    lines.push(`export const ${constName} = ${list(members)} as const;`);
    lines.push(`export type ${name}Name = (typeof ${constName})[number];`);
    lines.push('');
  }
  lines.push('/** The algorithms that search a navigation mesh of the map (catalog rows with onMesh), in table order. */');
  lines.push(`export const MESH_ALGORITHMS = ${list(meshAlgorithms)} as const;`);
  lines.push('export type MeshAlgorithmName = (typeof MESH_ALGORITHMS)[number];');
  lines.push('');
  lines.push('/** The outcomes each event kind reports (cpp/core/events.h, kOutcomes), in value order. */');
  lines.push('export const OUTCOMES_BY_EVENT_KIND = {');
  for (const [kind, outcomes] of outcomesByKind) lines.push(`  ${quote(kind)}: ${list(outcomes)},`);
  lines.push('} as const;');
  lines.push('');
  lines.push('// The engine\'s limits, as cpp/bindings/names.cpp exports them with constant().');
  for (const [name, value] of constants) lines.push(`export const ${name} = ${value};`);
  return `${lines.join('\n')}\n`;
}

/** When names.ts was last checked against the module (build/ is git-ignored build output). */
const STAMP = join(ROOT, 'build/names.stamp');

function isCurrent(modulePath, output) {
  if (!existsSync(output) || !existsSync(STAMP)) return false;
  const checked = statSync(STAMP).mtimeMs;
  return checked >= statSync(modulePath).mtimeMs && checked >= statSync(THIS_SCRIPT).mtimeMs && checked >= statSync(output).mtimeMs;
}

/**
 * Writes names.ts unless it was checked since the module and this script last changed. The
 * file is only rewritten when its text changes, so a module rebuilt with the same names does
 * not make tsc or Vite redo work for it.
 */
export async function generateNames({ modulePath = WASM_MODULE, output = NAMES_FILE, force = false } = {}) {
  if (!existsSync(modulePath)) throw new StepError(`${modulePath} is missing: build the WebAssembly module first`);
  if (!force && isCurrent(modulePath, output)) {
    say('build', `${relative(ROOT, output)} is up to date`);
    return;
  }
  const text = namesSource(await readModule(modulePath), modulePath);
  mkdirSync(dirname(output), { recursive: true });
  if (existsSync(output) && readFileSync(output, 'utf8') === text) {
    say('build', `${relative(ROOT, output)} is unchanged`);
  } else {
    writeFileSync(output, text);
    say('build', `wrote ${relative(ROOT, output)}`);
  }
  if (output === NAMES_FILE) {
    mkdirSync(dirname(STAMP), { recursive: true });
    writeFileSync(STAMP, `${new Date().toISOString()}\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [modulePath = WASM_MODULE, output = NAMES_FILE] = process.argv.slice(2);
  await main('names', () => generateNames({ modulePath, output, force: true }));
}
