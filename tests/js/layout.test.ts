// The page's layout rules (web/src), read from the sources: files a reader can take in (no
// more than about 600 lines, but for translation tables and generated code), data flowing
// one way (state builds plain scenes, render draws them, and neither imports the other;
// presenters say everything particular to an algorithm and touch no component), and
// nothing outside the presenters guessing an algorithm's family.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../web/src');

/** "About 600": a screenful over, not more. */
const MAX_LINES = 620;

/** Files exempt from the size rule, and why. */
const LONG_FILES: Readonly<Record<string, string>> = {
  'ui/i18n.ts': 'the translation tables: every phrase in two languages',
  'engine/engine.ts': 'split by the engine rework on branch core-shape (policies, the preparation phase); this entry goes when it lands',
};

function sources(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
    return /\.(ts|css)$/.test(name) ? [relative(ROOT, path)] : [];
  });
}

interface Import {
  from: string;
  /** The imported module, relative to web/src (for imports inside it). */
  target: string;
  typeOnly: boolean;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found: Import[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    const specifier = match[2]!;
    if (!specifier.startsWith('.')) continue;
    found.push({ from: file, target: relative(ROOT, resolve(ROOT, dirname(file), specifier)), typeOnly: match[1] !== undefined });
  }
  return found;
}

const folderOf = (path: string) => path.split('/')[0]!;
const all = sources();

describe('the page\'s sources', () => {
  it('are read from where they are (the rules below see every file)', () => {
    expect(all.length).toBeGreaterThan(60);
    for (const folder of ['state', 'render', 'scene', 'presenters', 'ui']) expect(all.some((file) => folderOf(file) === folder), folder).toBe(true);
  });

  it('are no longer than about 600 lines, but for translation tables and generated code', () => {
    const long = all
      .map((file) => ({ file, lines: readFileSync(join(ROOT, file), 'utf8').split('\n').length }))
      .filter(({ file, lines }) => lines > MAX_LINES && !(file in LONG_FILES));
    expect(long).toEqual([]);
    // An exemption that no longer applies goes.
    for (const file of Object.keys(LONG_FILES)) expect(all, file).toContain(file);
  });

  it('keep state and render apart: state builds plain scenes, render draws them; the scene module between them imports neither', () => {
    const crossing = all.flatMap(importsOf).filter(({ from, target }) => {
      const source = folderOf(from), destination = folderOf(target);
      return (source === 'state' && (destination === 'render' || destination === 'ui'))
        || (source === 'render' && (destination === 'state' || destination === 'presenters' || destination === 'ui'))
        || (source === 'scene' && ['state', 'render', 'presenters', 'ui'].includes(destination));
    });
    expect(crossing).toEqual([]);
  });

  it('keep presenters pure: no component, no drawing, no state but its types', () => {
    const reaching = all.flatMap(importsOf).filter(({ from, target, typeOnly }) => {
      if (folderOf(from) !== 'presenters') return false;
      const destination = folderOf(target);
      if (destination === 'render') return true;
      if (destination === 'ui') return target !== 'ui/i18n' || !typeOnly;
      return destination === 'state' && !typeOnly;
    });
    expect(reaching).toEqual([]);
  });

  it('leave what is particular to an algorithm to its presenter: no branch on its name, no guess from its channels', () => {
    const outside = all.filter((file) => !['presenters', 'engine', 'cli', 'package'].includes(folderOf(file)) && file !== 'ui/i18n.ts');
    const guesses = outside.flatMap((file) => readFileSync(join(ROOT, file), 'utf8').split('\n')
      .map((line, i) => ({ file, line: i + 1, text: line.trim() }))
      .filter(({ text }) => /algorithm\s*[!=]==?\s*['"]/.test(text) || /\.has\(\s*['"](visits|rhs|phaseBack|scanned|gBack|orderBack)['"]\s*\)/.test(text)
        || /case\s+['"](astar|dijkstra|greedy|bfs|dfs|jps|bidirectional|ida|theta|dstar-lite)['"]/.test(text)));
    expect(guesses).toEqual([]);
  });
});
