// Polyanya (Cui, Harabor & Grastien, IJCAI 2017; cpp/core/navmesh/polyanya.h): optimal
// any-angle paths on the navigation mesh. A search node is an interval on a polygon's edge
// and a root that sees all of it (the start, or a corner of an obstacle). The picture draws
// every node's interval (open, expanded, pruned muted and dashed) and the roots, and for
// the step shown the expanded node's interval and its view from its root; the narration
// says which successors it made, which turn at a corner, which were pruned and why.
import type { MeshEvent, Point, PolyanyaNode } from '../engine/engine';
import type { Overlay } from '../scene/pane-scene';
import { countedKey, listCells } from './common';
import { figure, meshData, middle, pointName, segmentCrossesCell } from './mesh-common';
import type { MeshPresenter, MeshView, Say } from './presenter';
import { headline, linesOfSignals, piece, type Program, type Pseudocode } from './pseudocode';

type PolyanyaSignal = 'expand' | 'start' | 'opened' | 'turn' | 'pruned' | 'into-dead-end' | 'reaches-goal' | 'found' | 'no-path';

const POLYANYA: Program = [
  [0, piece('initialise', 'put the start node in the open list: the start point, its own root, g = 0', '把起点节点放入开放列表：起点本身，以自己为根，g = 0')],
  [0, piece('loop', 'while the open list is not empty:', '当开放列表不为空时：')],
  [1, piece('pop', 'take out the node with the lowest f = g + h (h: from its root through its interval to the goal; ties: the larger g, then the smaller number); drop it if its root has since been reached more cheaply',
    '取出 f = g + h 最小的节点（h：从它的根经过它的区间到终点的最短距离；并列时先取 g 较大的，再取编号较小的）；如果之后已有更便宜的路到达它的根，就丢弃它')],
  [1, piece('goal', 'if it is the final node: stop; its roots back to the start are the corners of the path', '如果它是最终节点：停止；沿各节点的根回到起点，就是路径的拐点')],
  [1, piece('neighbours', 'look into the polygon beyond its interval (the start node: the polygons around the start); the rays from the root through the interval’s ends cut its other edges:',
    '看向区间另一侧的多边形（起点节点：起点周围的多边形）；从根经过区间两端的射线切分它的其他边：')],
  [2, piece('final', 'if the goal is in that polygon: the final node (straight to the goal if the interval lets the root see it, else round the nearer end) goes in the open list',
    '如果终点在这个多边形中：最终节点（若根能透过区间看到终点则直达，否则绕过较近的一端）放入开放列表')],
  [2, piece('open', 'each piece between the rays is seen from the root: a successor with the same root and g', '两条射线之间的每一段都能从根看到：后继节点，根和 g 不变')],
  [2, piece('turn', 'beyond a ray through an interval end that is a corner of the mesh: a successor rooted at that corner, g + the distance to it',
    '射线之外、且区间端点是网格拐角时：以该拐角为根的后继节点，g 加上到它的距离')],
  [2, piece('prune', 'if a successor’s root is a corner already reached more cheaply: prune it', '如果后继节点的根是已被更便宜地到达过的拐角：剪枝')],
  [2, piece('deadEnd', 'if it leads into a dead end (a polygon with no other way out, no goal): drop it', '如果它通向死路（没有其他出口且不含终点的多边形）：丢弃')],
  [2, piece('skip', 'the others go in the open list', '其余的放入开放列表')],
  [0, piece('noPath', 'the open list is empty: there is no path', '开放列表已空：没有路径')],
];

const SIGNALS: Pseudocode<PolyanyaSignal>['signalLines'] = {
  expand: ['pop'],
  start: ['pop', 'neighbours'],
  opened: ['neighbours', 'open', 'skip'],
  turn: ['neighbours', 'turn', 'skip'],
  pruned: ['neighbours', 'prune'],
  'into-dead-end': ['neighbours', 'deadEnd'],
  'reaches-goal': ['neighbours', 'final'],
  found: ['goal'],
  'no-path': ['noPath'],
};

const CODE: Pseudocode<PolyanyaSignal> = { program: POLYANYA, signalLines: SIGNALS };

type Generated = Extract<MeshEvent, { kind: 'neighbour' }>;

function generatedOf(view: MeshView): { event: Generated; node: PolyanyaNode }[] {
  return (view.events ?? []).flatMap((event) => {
    if (event.kind !== 'neighbour') return [];
    const node = view.search.node(event.node);
    return node ? [{ event, node }] : [];
  });
}

function signals(view: MeshView): PolyanyaSignal[] {
  const out: PolyanyaSignal[] = [];
  const expand = view.events?.find((e) => e.kind === 'expand');
  if (expand?.kind === 'expand') out.push(view.search.node(expand.node)?.kind === 'start' ? 'start' : 'expand');
  for (const { node } of generatedOf(view)) out.push(node.outcome === 'opened' ? (node.kind === 'non-observable' ? 'turn' : 'opened') : node.outcome);
  if (view.status === 'found') out.push('found');
  if (view.status === 'no-path' && !out.some((s) => s === 'opened' || s === 'turn' || s === 'reaches-goal')) out.push('no-path');
  return out;
}

const nodeName = (id: number) => `#${id}`;
const intervalName = (node: PolyanyaNode) => `${pointName(node.left)} – ${pointName(node.right)}`;

function narrate(view: MeshView, say: Say): string[] {
  const parts: string[] = [];
  const expand = view.events?.find((e): e is Extract<MeshEvent, { kind: 'expand' }> => e.kind === 'expand');
  const expanded = expand ? view.search.node(expand.node) : null;
  if (expand && expanded) {
    if (expanded.kind === 'start') parts.push(say('narration.polyanya.start', { step: view.stepNumber, root: pointName(expanded.root) }));
    else if (expanded.kind === 'final') parts.push(say('narration.polyanya.final', { step: view.stepNumber, node: nodeName(expand.node), cost: figure(view.search.pathCost) }));
    else {
      parts.push(say('narration.polyanya.expand', {
        step: view.stepNumber, node: nodeName(expand.node), root: pointName(expanded.root), interval: intervalName(expanded),
        g: figure(expand.g), h: figure(expand.h), f: figure(expand.f),
      }));
    }
  }
  const generated = generatedOf(view);
  const of = (test: (node: PolyanyaNode) => boolean) => generated.filter(({ node }) => test(node));
  const list = (items: { event: Generated; node: PolyanyaNode }[]) =>
    listCells(items, ({ event, node }) => `${nodeName(event.node)} f = ${figure(node.f)}`, say);
  const seen = of((n) => n.outcome === 'opened' && n.kind !== 'non-observable');
  const turns = of((n) => n.outcome === 'opened' && n.kind === 'non-observable');
  const pruned = of((n) => n.outcome === 'pruned');
  const dead = of((n) => n.outcome === 'into-dead-end');
  const final = of((n) => n.outcome === 'reaches-goal');
  if (seen.length > 0) parts.push(say('narration.polyanya.observable', { nodes: list(seen) }));
  if (turns.length > 0) parts.push(say('narration.polyanya.turns', { nodes: list(turns), corners: listCells(turns, ({ node }) => pointName(node.root), say) }));
  if (final.length > 0) parts.push(say('narration.polyanya.reachesGoal', { nodes: list(final) }));
  if (pruned.length > 0) parts.push(say(countedKey('narration.polyanya.pruned', pruned.length), { nodes: listCells(pruned, ({ event }) => nodeName(event.node), say) }));
  if (dead.length > 0) parts.push(say(countedKey('narration.polyanya.deadEnd', dead.length), { nodes: listCells(dead, ({ event }) => nodeName(event.node), say) }));
  if (expand && generated.length === 0 && view.status === 'running') parts.push(say('narration.polyanya.nothing'));
  if (view.status === 'no-path') parts.push(say('narration.emptyOpen'));
  return parts;
}

interface NodesByState {
  open: number[];
  closed: number[];
  pruned: number[];
  all: (PolyanyaNode | null)[];
}
/** Read once per step shown (the timeline gives one view object per step: see MeshTimeline.view). */
const nodesRead = new WeakMap<MeshView, NodesByState>();

/** Every node made so far, by what became of it: in the open list, taken out of it, or never queued. */
function nodesByState(view: MeshView): NodesByState {
  let nodes = nodesRead.get(view);
  if (!nodes) nodesRead.set(view, (nodes = readNodes(view)));
  return nodes;
}

function readNodes(view: MeshView): NodesByState {
  const search = view.search;
  const openIds = new Set(search.openList(search.counters().openSize).map((entry) => entry.node));
  const open: number[] = [], closed: number[] = [], pruned: number[] = [];
  const all: (PolyanyaNode | null)[] = [];
  for (let id = 0; ; id++) {
    const node = search.node(id);
    if (!node) break;
    all.push(node);
    if (node.outcome === 'pruned' || node.outcome === 'into-dead-end') pruned.push(id);
    else if (openIds.has(id)) open.push(id);
    else closed.push(id);
  }
  return { open, closed, pruned, all };
}

export function polyanya(): MeshPresenter {
  return {
    frontier: 'node-list',
    ownHeuristic: 'heuristic.straightLine',
    pseudocode: CODE,
    legend: ['intervals', 'roots', 'pruned'],
    offeredByCompare: false,
    narrateStart: (say, start) => say('narration.start.polyanya', { point: pointName({ x: start.x + 0.5, y: start.y + 0.5 }) }),
    narrateStep: narrate,
    lines(view) {
      const passed = view.events === null
        ? (view.status === 'found' ? ['goal' as const] : view.status === 'no-path' ? ['initialise' as const, 'noPath' as const] : ['initialise' as const])
        : linesOfSignals(CODE, signals(view));
      return { passed, current: headline(passed) };
    },
    tooltip(cell, view, say) {
      if (!meshData(view.search)) return [];
      const { open, pruned, all } = nodesByState(view);
      const openSet = new Set(open), prunedSet = new Set(pruned);
      const here = all.flatMap((node, id) => (node && node.kind !== 'start' && segmentCrossesCell(node.left, node.right, cell) ? [{ node, id }] : []));
      if (here.length === 0) return [say('tooltip.node.none')];
      const lines = here.slice(0, 4).map(({ node, id }) => say('tooltip.node', {
        node: nodeName(id),
        state: say(prunedSet.has(id) ? (node.outcome === 'pruned' ? 'tooltip.node.pruned' : 'tooltip.node.deadEnd') : openSet.has(id) ? 'tooltip.node.open' : 'tooltip.node.closed'),
        root: pointName(node.root), g: figure(node.g), h: figure(node.f - node.g), f: figure(node.f),
      }));
      if (here.length > 4) lines.push(say('narration.more', { n: here.length - 4 }));
      return lines;
    },
    describeEntry(entry, view) {
      const node = view.search.node(entry.node);
      if (!node) return { name: nodeName(entry.node), at: null };
      const name = node.kind === 'final' ? `${nodeName(entry.node)} → ${pointName(node.left)}` : `${nodeName(entry.node)} ${pointName(node.root)} → ${intervalName(node)}`;
      return { name, at: middle(node.left, node.right) };
    },
    overlays(view) {
      if (!meshData(view.search) || view.search.status === 'ready' || view.search.status === 'refused') return { step: [], search: [] };
      const { open, closed, pruned, all } = nodesByState(view);
      const segments = (ids: number[]) => ids.flatMap((id) => {
        const node = all[id];
        return node && node.kind !== 'start' && node.kind !== 'final' ? [[node.left, node.right] as const] : [];
      });
      const roots = new Map<string, Point>();
      for (const id of [...open, ...closed]) {
        const root = all[id]!.root;
        roots.set(`${root.x},${root.y}`, root);
      }
      const search: Overlay[] = [
        { shape: 'segments', role: 'interval-pruned', segments: segments(pruned) },
        { shape: 'segments', role: 'interval-closed', segments: segments(closed) },
        { shape: 'segments', role: 'interval-open', segments: segments(open) },
        { shape: 'dots', role: 'root', points: [...roots.values()] },
      ];
      const step: Overlay[] = [];
      const expand = view.events?.find((e) => e.kind === 'expand');
      const node = expand?.kind === 'expand' ? all[expand.node] : null;
      if (node && node.kind !== 'start') {
        if (node.kind !== 'final') {
          step.push({ shape: 'segments', role: 'cone', segments: [[node.root, node.left], [node.root, node.right]] });
          step.push({ shape: 'segments', role: 'interval-current', segments: [[node.left, node.right]] });
        }
        step.push({ shape: 'diamond', role: 'root-current', at: node.root });
      } else if (node) {
        step.push({ shape: 'diamond', role: 'root-current', at: node.root });
      }
      return { step, search };
    },
  };
}
