// Navmesh A* + funnel (cpp/core/navmesh/corridor.h): what game engines do. A* over the
// mesh's polygons (a polygon's position is the midpoint of the edge it was entered by, as in
// Detour), then the funnel (string pulling) through the corridor of polygons it found. The
// picture fills the open and closed polygons, outlines the one expanded, then shows the
// corridor and, one portal per step (state/mesh-timeline.ts), the funnel's apex, its left
// and right sides and the corners fixed so far.
import type { MeshEvent, Point } from '../engine/engine';
import type { Overlay } from '../scene/pane-scene';
import { figure, meshData, polygonAt, polygonCount, polygonPoints, pointName } from './mesh-common';
import type { MeshPresenter, MeshView, Say } from './presenter';
import { headline, linesOfSignals, piece, type Program, type Pseudocode } from './pseudocode';
import { countedKey, listCells } from './common';

/** What a navmesh A* step's events (or its end) say happened, for the pseudocode. */
type NavmeshSignal = 'expand' | `polygon:${string}` | 'corridor' | `funnel:${'none' | 'narrowed' | 'corner' | 'goal'}` | 'found' | 'no-path';

const NAVMESH: Program = [
  [0, piece('initialise', 'put the polygon holding the start in the open list, g = 0, entered at the start', '把包含起点的多边形放入开放列表，g = 0，入口为起点')],
  [0, piece('loop', 'while the open list is not empty:', '当开放列表不为空时：')],
  [1, piece('pop', 'take out the polygon with the lowest f = g + h (ties: the larger g, then the smaller number); close it',
    '取出 f = g + h 最小的多边形（并列时先取 g 较大的，再取编号较小的），将它关闭')],
  [1, piece('goal', 'if it holds the goal: stop; its parents back to the start are the corridor', '如果它包含终点：停止；沿父节点回到起点的多边形就是走廊')],
  [1, piece('neighbours', 'for each polygon n across one of its edges, g′ = g + the distance from where it was entered to that edge’s midpoint:',
    '对隔着它的一条边的每个多边形 n，g′ = g + 从它的入口到那条边中点的距离：')],
  [2, piece('skip', 'if n is closed, or open with g(n) ≤ g′: leave it', '如果 n 已关闭，或已在开放列表中且 g(n) ≤ g′：保持不变')],
  [2, piece('open', 'if n is new: g(n) ← g′, entered at the edge’s midpoint, parent(n) ← the polygon; put n in the open list',
    '如果 n 是新的：g(n) ← g′，入口为那条边的中点，n 的父节点 ← 当前多边形；把 n 放入开放列表')],
  [2, piece('improve', 'otherwise (open, g′ < g(n)): g(n) ← g′, entered at the edge’s midpoint, parent(n) ← the polygon',
    '否则（在开放列表中且 g′ < g(n)）：g(n) ← g′，入口改为那条边的中点，n 的父节点 ← 当前多边形')],
  [0, piece('noPath', 'the open list is empty: there is no path', '开放列表已空：没有路径')],
  [0, piece('funnel', 'the funnel: apex ← the start; both sides ← the start', '漏斗：顶点 ← 起点；左右两边 ← 起点')],
  [0, piece('portal', 'for each portal of the corridor (the edge between two of its polygons), the goal last:', '依次对走廊的每个入口（相邻两个多边形之间的边），最后是终点：')],
  [1, piece('narrow', 'if an end of the portal lies inside the funnel: that side moves in to it', '如果入口的一端在漏斗之内：那一边收紧到这一端')],
  [1, piece('corner', 'if an end crosses the other side: that side’s point is a corner of the path; apex ← it, and walk on from the portal after it',
    '如果一端越过了另一边：那一边的点是路径的拐点；顶点 ← 它，并从它之后的入口继续')],
  [1, piece('keep', 'otherwise: the sides stay', '否则：两边保持不变')],
  [0, piece('stop', 'the start, the corners and the goal are the path', '起点、各拐点和终点连成路径')],
];

const SIGNALS: Pseudocode<NavmeshSignal>['signalLines'] = {
  expand: ['pop'],
  'polygon:opened': ['neighbours', 'open'],
  'polygon:improved': ['neighbours', 'improve'],
  'polygon:not-improved': ['neighbours', 'skip'],
  'polygon:closed': ['neighbours', 'skip'],
  corridor: ['goal', 'funnel'],
  'funnel:narrowed': ['portal', 'narrow'],
  'funnel:corner': ['portal', 'corner'],
  'funnel:none': ['portal', 'keep'],
  'funnel:goal': ['portal'],
  found: ['stop'],
  'no-path': ['noPath'],
};

const CODE: Pseudocode<NavmeshSignal> = { program: NAVMESH, signalLines: SIGNALS };

function signals(view: MeshView): NavmeshSignal[] {
  const events = view.events ?? [];
  const out: NavmeshSignal[] = events.map((event): NavmeshSignal => {
    switch (event.kind) {
      case 'expand': return 'expand';
      case 'neighbour': return `polygon:${event.outcome}`;
      case 'corridor': return 'corridor';
      // The goal, the last portal, ends the walk whatever the sides do there (see narrateFunnel).
      case 'funnel': return view.status === 'found' ? 'funnel:goal' : `funnel:${event.move}`;
    }
  });
  if (view.status === 'found') out.push('found');
  if (view.status === 'no-path' && !events.some((e) => e.kind === 'neighbour' && (e.outcome === 'opened' || e.outcome === 'improved'))) out.push('no-path');
  return out;
}

const polygonName = (p: number) => `#${p}`;

function narrateExpansion(view: MeshView, say: Say): string[] {
  const events = view.events ?? [];
  const parts: string[] = [];
  const expand = events.find((e): e is Extract<MeshEvent, { kind: 'expand' }> => e.kind === 'expand');
  if (expand) {
    const node = view.search.polygonNode(expand.node);
    parts.push(say('narration.navmesh.expand', {
      step: view.stepNumber, polygon: polygonName(expand.node), point: node ? pointName(node.position) : '–',
      g: figure(expand.g), h: figure(expand.h), f: figure(expand.f),
    }));
  }
  const byOutcome = (outcome: string) => events.filter((e): e is Extract<MeshEvent, { kind: 'neighbour' }> => e.kind === 'neighbour' && e.outcome === outcome);
  const list = (items: Extract<MeshEvent, { kind: 'neighbour' }>[], withG: boolean) =>
    listCells(items, (e) => (withG ? `${polygonName(e.node)} g = ${figure(e.newG)}` : polygonName(e.node)), say);
  const opened = byOutcome('opened'), improved = byOutcome('improved'), kept = byOutcome('not-improved');
  if (opened.length > 0) parts.push(say(countedKey('narration.navmesh.opened', opened.length), { polygons: list(opened, true) }));
  if (improved.length > 0) parts.push(say('narration.navmesh.improved', { polygons: list(improved, true) }));
  if (kept.length > 0) parts.push(say('narration.navmesh.kept', { polygons: list(kept, false) }));
  const corridor = events.find((e) => e.kind === 'corridor');
  if (corridor?.kind === 'corridor') parts.push(say(countedKey('narration.navmesh.corridor', corridor.polygons), { n: corridor.polygons }));
  else if (expand && opened.length + improved.length === 0 && view.status === 'running') parts.push(say('narration.navmesh.nothing'));
  if (view.status === 'no-path') parts.push(say('narration.emptyOpen'));
  return parts;
}

/**
 * The funnel at the portal of the step shown. The last portal is the goal (both its ends):
 * the core's string pulling ends there by making the goal the apex, a "corner" whose apex is
 * the goal and after which no portal comes, so that step is told as the goal reached from
 * the path's last corner (or the start) instead.
 */
function narrateFunnel(view: MeshView, say: Say): string[] {
  const walked = view.funnel[view.funnel.length - 1];
  if (!walked) return [];
  if (view.status !== 'found') {
    const portal = say('narration.funnel.portal', { portal: walked.portal });
    return [say(`narration.funnel.${walked.move}`, { step: view.stepNumber, portal, apex: pointName(walked.apex) })];
  }
  const path = view.search.path();
  return [
    say('narration.funnel.goal', { step: view.stepNumber, apex: pointName(path[path.length - 2] ?? walked.apex) }),
    say('narration.funnel.done', { corners: Math.max(0, path.length - 2), cost: figure(view.search.pathCost) }),
  ];
}

export function navmeshAStar(): MeshPresenter {
  return {
    frontier: 'polygon-list',
    ownHeuristic: 'heuristic.straightLine',
    pseudocode: CODE,
    legend: ['polygons', 'corridor', 'funnel'],
    offeredByCompare: false,
    narrateStart: (say, start) => say('narration.start.navmesh', { cell: pointName({ x: start.x + 0.5, y: start.y + 0.5 }) }),
    narrateStep(view, say) {
      return view.events?.some((e) => e.kind === 'funnel') ? narrateFunnel(view, say) : narrateExpansion(view, say);
    },
    lines(view) {
      const passed = view.events === null
        ? (view.status === 'found' ? ['stop' as const] : view.status === 'no-path' ? ['initialise' as const, 'noPath' as const] : ['initialise' as const])
        : linesOfSignals(CODE, signals(view));
      return { passed, current: headline(passed) };
    },
    tooltip(cell, view, say) {
      const data = meshData(view.search);
      if (!data) return [];
      const p = polygonAt(data, { x: cell.x + 0.5, y: cell.y + 0.5 });
      if (p < 0) return [say('tooltip.mesh.none')];
      const node = view.search.polygonNode(p);
      if (!node) return [say('tooltip.polygon.unreached', { polygon: polygonName(p) })];
      return [say('tooltip.polygon', {
        polygon: polygonName(p), state: say(node.closed ? 'tooltip.polygon.closed' : 'tooltip.polygon.open'),
        g: figure(node.g), h: figure(node.f - node.g), f: figure(node.f), point: pointName(node.position),
      })];
    },
    describeEntry(entry, view) {
      const node = view.search.polygonNode(entry.node);
      return { name: `${polygonName(entry.node)}${node ? ` ${pointName(node.position)}` : ''}`, at: node?.position ?? null };
    },
    overlays: (view) => navmeshOverlays(view),
  };
}

function navmeshOverlays(view: MeshView): { step: Overlay[]; search: Overlay[] } {
  const data = meshData(view.search);
  if (!data || view.search.status === 'ready' || view.search.status === 'refused') return { step: [], search: [] };
  const open: Point[][] = [], closed: Point[][] = [];
  const count = polygonCount(data);
  for (let p = 0; p < count; p++) {
    const node = view.search.polygonNode(p);
    if (node) (node.closed ? closed : open).push(polygonPoints(data, p));
  }
  const search: Overlay[] = [
    { shape: 'polygons', role: 'polygon-closed', polygons: closed },
    { shape: 'polygons', role: 'polygon-open', polygons: open },
  ];
  const step: Overlay[] = [];
  if (view.search.status === 'found') {
    search.push({ shape: 'polygons', role: 'corridor', polygons: view.search.corridor().map((p) => polygonPoints(data, p)) });
    const funnel = view.funnel;
    if (funnel.length > 0) {
      search.push({ shape: 'segments', role: 'portal', segments: funnel.map((s) => [s.portalLeft, s.portalRight] as const) });
      const now = funnel[funnel.length - 1]!;
      // The corners fixed so far: the start, then every apex a corner made.
      const corners: Point[] = [funnel[0]!.apex];
      for (const s of funnel) if (s.move === 'corner') corners.push(s.apex);
      if (view.status === 'running') {
        step.push({ shape: 'polyline', role: 'funnel-path', points: corners });
        step.push({ shape: 'segments', role: 'portal-current', segments: [[now.portalLeft, now.portalRight]] });
        step.push({ shape: 'segments', role: 'funnel-left', segments: [[now.apex, now.left]] });
        step.push({ shape: 'segments', role: 'funnel-right', segments: [[now.apex, now.right]] });
        step.push({ shape: 'diamond', role: 'apex', at: now.apex });
      }
    }
  }
  const expand = view.events?.find((e) => e.kind === 'expand');
  if (expand?.kind === 'expand' && !view.events?.some((e) => e.kind === 'funnel'))
    step.push({ shape: 'polygons', role: 'polygon-current', polygons: [polygonPoints(data, expand.node)] });
  return { step, search };
}
