// Keyboard shortcuts: Space play/pause, Right step, Left step back, R reset, Ctrl+Z undo,
// Ctrl+Shift+Z or Ctrl+Y redo. Listens on `target` (the document for the page) but only
// acts on keys aimed at the playground or at nothing in particular, so an embedded
// playground does not steal keys from the rest of its page; returns the remover. Undo and
// redo are ignored while `editable()` is false (a read-only embed).
import type { PlaygroundStore } from '../state/store';

export function attachKeyboard(target: Document | HTMLElement, container: HTMLElement, store: PlaygroundStore,
  editable: () => boolean = () => true): () => void {
  const onKeyDown = (event: Event) => {
    const key = event as KeyboardEvent;
    if (key.defaultPrevented || key.altKey) return;
    const element = key.target instanceof Element ? key.target : null;
    const ownerDocument = container.ownerDocument;
    const aimedHere = !element || element === ownerDocument.body || element === ownerDocument.documentElement || container.contains(element);
    if (!aimedHere) return;
    // Text fields, selects and sliders use these keys themselves; an open dialog (Embed) is
    // in front of the map, so its keys are not meant for the search behind it.
    if (element && element.closest('input, select, textarea, [contenteditable="true"], dialog')) return;
    const command = key.ctrlKey || key.metaKey;
    const lower = key.key.toLowerCase();
    let handled = true;
    if (command && !editable()) handled = false;
    else if (command && lower === 'z' && !key.shiftKey) store.undo();
    else if (command && ((lower === 'z' && key.shiftKey) || lower === 'y')) store.redo();
    else if (command) handled = false;
    // Space and Enter already click a focused button; acting here as well would do it twice.
    else if (key.key === ' ' && !element?.closest('button, a')) store.togglePlay();
    else if (key.key === 'ArrowRight') store.stepForward();
    else if (key.key === 'ArrowLeft') store.stepBack();
    else if (lower === 'r' && !key.shiftKey) store.reset();
    else handled = false;
    if (handled) key.preventDefault();
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
