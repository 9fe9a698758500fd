// The engine's map and scenario file errors in the page's language. The core's parser
// (cpp/core/movingai.cpp) says what was wrong in English sentences of a few fixed shapes
// ("line 6: expected 4 characters, found 3"); the page recognises each shape and says it
// with its own phrases, keeping what came from the file (quoted text, numbers) as it was.
// A sentence of a shape not known here is shown as the engine wrote it.
import type { Language } from '../state/store';
import { translate, type PhraseKey } from './i18n';

type Say = (key: PhraseKey, params?: Record<string, string | number>) => string;

// Each shape: the engine's words, and how they are said. Matched after any "line N: ".
const PROBLEMS: ReadonlyArray<[RegExp, (match: RegExpExecArray, say: Say) => string]> = [
  [/^the map file is empty$/, (_, say) => say('mapFormat.emptyMap')],
  [/^the scenario file is empty$/, (_, say) => say('mapFormat.emptyScenario')],
  [/^(?:map )?grid size must be positive, got (-?\d+) x (-?\d+)$/, (m, say) => say('mapFormat.sizePositive', { width: m[1]!, height: m[2]! })],
  [/^(?:map )?grid size (\d+) x (\d+) is larger than the maximum (\d+) x \d+$/,
    (m, say) => say('mapFormat.sizeTooLarge', { width: m[1]!, height: m[2]!, max: m[3]! })],
  [/^expected (\d+) map rows, found (\d+)$/, (m, say) => say('mapFormat.rows', { n: m[1]!, found: m[2]! })],
  [/^expected (\d+) characters, found (\d+)$/, (m, say) => say('mapFormat.characters', { n: m[1]!, found: m[2]! })],
  [/^expected 9 fields \(.*\), found (.+)$/, (m, say) => say('mapFormat.fields', { found: m[1]! })],
  [/^expected (.+?), found (the end of the file|".*")$/, (m, say) => say('mapFormat.expected', { expected: expectedText(m[1]!, say), found: foundText(m[2]!, say) })],
  [/^(start x|start y|goal x|goal y) (\d+) is outside the map \((\d+) x (\d+)\)$/,
    (m, say) => say('mapFormat.outside', { field: fieldName(m[1]!, say), value: m[2]!, width: m[3]!, height: m[4]! })],
];

// The scenario fields the parser names, as the page says them.
const FIELDS: Readonly<Record<string, PhraseKey>> = {
  'bucket': 'mapFormat.field.bucket',
  'map width': 'mapFormat.field.mapWidth',
  'map height': 'mapFormat.field.mapHeight',
  'start x': 'mapFormat.field.startX',
  'start y': 'mapFormat.field.startY',
  'goal x': 'mapFormat.field.goalX',
  'goal y': 'mapFormat.field.goalY',
};

function fieldName(field: string, say: Say): string {
  const key = FIELDS[field];
  return key ? say(key) : field;
}

/** An engine file error (or a detail ending in one, after a file name) in `language`. */
export function translateFileError(language: Language, text: string): string {
  const say: Say = (key, params) => translate(language, key, params);
  // A detail is "file name: problem"; the problem is the engine's sentence.
  const found = /(line (\d+): )?(the (?:map|scenario) file is empty|(?:expected|grid size|map grid size) .*|(?:start|goal) [xy] \d+ is outside the map .*)$/.exec(text);
  if (!found) return text;
  const problem = problemText(found[3]!, say);
  if (problem === null) return text;
  return text.slice(0, found.index) + (found[2] ? say('mapFormat.line', { line: found[2], problem }) : problem);
}

function problemText(problem: string, say: Say): string | null {
  for (const [pattern, sayIt] of PROBLEMS) {
    const match = pattern.exec(problem);
    if (match) return sayIt(match, say);
  }
  return null;
}

/** What the parser wanted: quoted keywords (either of two), or the end after the rows. */
function expectedText(expected: string, say: Say): string {
  const afterRows = /^the end of the file after (\d+) map rows$/.exec(expected);
  if (afterRows) return say('mapFormat.afterRows', { n: afterRows[1]! });
  const count = /^(.+) as a non-negative integer$/.exec(expected);
  if (count) return say('mapFormat.nonNegative', { field: fieldName(count[1]!, say) });
  if (expected === 'a bucket number below 10^9') return say('mapFormat.bucketLimit');
  if (expected === 'optimal length as a number >= 0 or -1') return say('mapFormat.optimalLength');
  const either = /^(".*") or (".*")$/.exec(expected);
  if (either) return say('mapFormat.or', { a: keyword(either[1]!, say), b: keyword(either[2]!, say) });
  return /^".*"$/.test(expected) ? keyword(expected, say) : expected;
}

/** What the parser found: the end of the file, or the line's text (kept as it was). */
function foundText(found: string, say: Say): string {
  return found === 'the end of the file' ? say('mapFormat.endOfFile') : say('mapFormat.quoted', { text: found.slice(1, -1) });
}

/** A quoted keyword line such as "height <number>", with its placeholder in the page's words. */
function keyword(quoted: string, say: Say): string {
  return say('mapFormat.quoted', { text: quoted.slice(1, -1).replace('<number>', `<${say('mapFormat.number')}>`) });
}
