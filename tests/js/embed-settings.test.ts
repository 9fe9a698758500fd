// The one parser behind the <astar-playground> attributes and the iframe form's query:
// what it accepts, what it refuses, and that a refusal is named rather than passed on.
import { describe, expect, it } from 'vitest';
import { readEmbedSettings, type EmbedAttribute } from '../../web/src/embed/settings';
import { loadEngine } from '../../web/src/engine/engine';
import { INSTANT_SPEED_INDEX, SPEEDS } from '../../web/src/state/speeds';
import { initialLanguage, languageFromTag } from '../../web/src/ui/i18n';

// Option names are checked against the engine's catalog.
const { catalog } = await loadEngine();

function read(values: Partial<Record<EmbedAttribute, string>>) {
  return readEmbedSettings((name) => values[name] ?? null, catalog);
}

describe('embed settings', () => {
  it('gives nulls and no problems when nothing is set', () => {
    const { settings, problems } = read({});
    expect(problems).toEqual([]);
    expect(settings).toEqual({
      map: null, width: null, height: null, options: {}, algorithms: null, autoplay: false, speedIndex: null,
      controls: null, readonly: false, language: null, labels: null, mode: null, sense: null, radius: null,
    });
  });

  it('reads walk mode and the sensing radius, and refuses anything else', () => {
    expect(read({ mode: 'Walk', sense: '3' }).settings).toMatchObject({ mode: 'walk', sense: 3 });
    expect(read({ mode: 'search', sense: '0' }).settings).toMatchObject({ mode: 'search', sense: 0 });
    const bad = read({ mode: 'run', sense: '11' });
    expect(bad.settings).toMatchObject({ mode: null, sense: null });
    expect(bad.problems).toHaveLength(2);
    expect(bad.problems.join(' ')).toContain('mode="run"');
    expect(bad.problems.join(' ')).toContain('sense="11"');
    expect(read({ sense: '2.5' }).problems).toHaveLength(1);
  });

  it('accepts the whole fragment or only the payload as the map', () => {
    expect(read({ map: 'v1=abc_-' }).settings.map).toBe('v1=abc_-');
    expect(read({ map: 'abc_-' }).settings.map).toBe('v2=abc_-');
    expect(read({ map: '#v1=abc' }).settings.map).toBe('v1=abc');
    expect(read({ map: '  ' }).settings.map).toBeNull();
  });

  it('reads search options and refuses unknown names and out-of-range weights', () => {
    const good = read({ algorithm: 'Dijkstra', heuristic: 'octile', diagonal: 'if-at-most-one-obstacle', weight: '1.5' });
    expect(good.problems).toEqual([]);
    expect(good.settings.options).toEqual({ algorithm: 'dijkstra', heuristic: 'octile', diagonal: 'if-at-most-one-obstacle', weight: 1.5 });
    const bad = read({ algorithm: 'dstar', weight: '-1', heuristic: '<b>x</b>', costs: '10-15', 'max-expansions': '0' });
    expect(bad.settings.options).toEqual({});
    expect(bad.problems).toHaveLength(5);
    expect(bad.problems.join(' ')).toContain('algorithm="dstar"');
    expect(read({ weight: '' }).problems).toHaveLength(1);
  });

  it('takes a list of 1 to 4 algorithms to compare, by their CLI names', () => {
    expect(read({ algorithms: 'astar, dijkstra jps' }).settings.algorithms).toEqual(['astar', 'dijkstra', 'jps']);
    const unknown = read({ algorithms: 'astar dstar' });
    expect(unknown.settings.algorithms).toBeNull();
    expect(unknown.problems[0]).toContain('algorithms="dstar"');
    expect(read({ algorithms: 'astar dijkstra greedy bfs dfs' }).problems[0]).toContain('1 to 4 algorithms');
  });

  it('takes every algorithm of the catalog by its CLI name, the cost model and the expansion limit', () => {
    for (const row of catalog.algorithms) expect(read({ algorithm: row.name }).settings.options).toEqual({ algorithm: row.name });
    expect(read({ algorithms: 'astar theta navmesh polyanya' }).settings.algorithms).toEqual(['astar', 'theta', 'navmesh', 'polyanya']);
    expect(read({ costs: '10-14', 'max-expansions': '5000' }).settings.options).toEqual({ costModel: '10-14', maxExpansions: 5000 });
  });

  it('takes the agent radius the mesh searches plan for, in quarter cells from 0 to 4', () => {
    expect(read({}).settings.radius).toBeNull();
    expect(read({ radius: '1.25' }).settings.radius).toBe(1.25);
    expect(read({ radius: ' 0 ' }).settings.radius).toBe(0);
    for (const bad of ['0.3', '5', '-1', 'wide', '1e0']) {
      const result = read({ radius: bad });
      expect(result.settings.radius, bad).toBeNull();
      expect(result.problems.join(' '), bad).toContain('radius=');
    }
  });

  it('reads lists of control groups and labels, with all and none', () => {
    expect(read({ controls: 'play  timeline,algorithm' }).settings.controls).toEqual(['play', 'timeline', 'algorithm']);
    expect(read({ controls: 'none' }).settings.controls).toEqual([]);
    expect(read({ controls: '' }).settings.controls).toEqual([]);
    expect(read({ labels: 'all' }).settings.labels).toEqual(['g', 'h', 'f', 'order', 'parent', 'jumps']);
    expect(read({ labels: 'parent g' }).settings.labels).toEqual(['g', 'parent']);
    const bad = read({ labels: 'g cost' });
    expect(bad.settings.labels).toEqual(['g']);
    expect(bad.problems).toEqual([expect.stringContaining('labels="cost"')]);
  });

  it('treats readonly and autoplay as HTML boolean attributes', () => {
    expect(read({ readonly: '', autoplay: 'autoplay' }).settings).toMatchObject({ readonly: true, autoplay: true });
    expect(read({ readonly: 'false' }).settings.readonly).toBe(false);
  });

  it('maps speeds to the nearest speed the playground offers', () => {
    const speed = (value: string) => SPEEDS[read({ speed: value }).settings.speedIndex!];
    expect(speed('10')).toEqual({ kind: 'per-second', steps: 10 });
    expect(speed('12')).toEqual({ kind: 'per-second', steps: 10 });
    expect(speed('40/frame')).toEqual({ kind: 'per-frame', steps: 50 });
    expect(speed('instant')).toEqual({ kind: 'instant' });
    const bad = read({ speed: 'fast' });
    expect(bad.settings.speedIndex).toBeNull();
    expect(bad.problems).toHaveLength(1);
  });

  it('reads sizes as CSS lengths, pixels by default, and refuses anything else', () => {
    expect(read({ width: '480', height: '20em' }).settings).toMatchObject({ width: '480px', height: '20em' });
    expect(read({ width: '100%' }).settings.width).toBe('100%');
    // Bounded: a map area no larger than a large monitor, relative units no more than all.
    expect(read({ width: '8192', height: '100vh' }).settings).toMatchObject({ width: '8192px', height: '100vh' });
    const huge = read({ width: '8193', height: '101%' });
    expect(huge.settings).toMatchObject({ width: null, height: null });
    expect(huge.problems).toEqual([expect.stringMatching(/^width="8193" \(.*at most 8192px/), expect.stringMatching(/^height="101%" \(.*100%/)]);
    const bad = read({ width: 'calc(1px)', height: '10px; color: red' });
    expect(bad.settings).toMatchObject({ width: null, height: null });
    expect(bad.problems).toHaveLength(2);
  });

  it('reads the language and shortens a long bad value in its message', () => {
    expect(read({ lang: 'zh-CN' }).settings.language).toBe('zh-CN');
    const bad = read({ lang: 'x'.repeat(5000) });
    expect(bad.settings.language).toBeNull();
    expect(bad.problems[0].length).toBeLessThan(120);
  });

  it('reads a language tag in any case, and any Chinese as zh-CN, as the page language is read', () => {
    for (const tag of ['zh-cn', 'zh', 'ZH-Hans', 'zh-TW']) {
      const { settings, problems } = read({ lang: tag });
      expect(problems).toEqual([]);
      expect(settings.language).toBe('zh-CN');
    }
    expect(read({ lang: 'EN-gb' }).settings.language).toBe('en');
    expect(languageFromTag('fr')).toBeNull();
    expect(read({ lang: 'fr' }).problems).toHaveLength(1);
    expect(initialLanguage(null, ['fr-FR', 'zh-HK'])).toBe('zh-CN');
  });

  it('gives instant the instant speed', () => {
    expect(read({ speed: 'instant' }).settings.speedIndex).toBe(INSTANT_SPEED_INDEX);
  });
});
