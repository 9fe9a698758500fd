// Moving AI .map files from the file picker or dropped on the playground. The file's text
// goes to the store's import action, which parses it with the engine and keeps the
// current map when the text is not a valid map.
import type { PlaygroundStore } from '../state/store';

// A 1024 x 1024 map is about 1 MiB of text; anything far larger cannot be a map we accept.
const MAX_FILE_BYTES = 8 * 1024 * 1024;

export async function importMapFile(file: File, store: PlaygroundStore): Promise<boolean> {
  if (file.size > MAX_FILE_BYTES) {
    store.showMessage({ kind: 'error', key: 'error.mapBounds', detail: `${file.name}: ${(file.size / 1048576).toFixed(1)} MiB` });
    return false;
  }
  let text: string;
  try {
    text = await file.text();
  } catch (error) {
    store.showMessage({ kind: 'error', key: 'error.fileRead', detail: `${file.name}: ${(error as Error).message}` });
    return false;
  }
  return store.loadMapText(text, file.name);
}

/** Drop a file anywhere on `zone` to import it; `setActive` shows the drop hint. Off while `editable()` is false. */
export function attachFileDrop(zone: HTMLElement, store: PlaygroundStore, setActive: (active: boolean) => void,
  editable: () => boolean = () => true): () => void {
  let depth = 0;
  const carriesFiles = (event: DragEvent) => editable() && Array.from(event.dataTransfer?.types ?? []).includes('Files');
  const onEnter = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth++;
    setActive(true);
  };
  const onOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  };
  const onLeave = () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) setActive(false);
  };
  const onDrop = (event: DragEvent) => {
    const file = event.dataTransfer?.files?.[0];
    depth = 0;
    setActive(false);
    if (!file || !editable()) return;
    event.preventDefault();
    void importMapFile(file, store);
  };
  zone.addEventListener('dragenter', onEnter);
  zone.addEventListener('dragover', onOver);
  zone.addEventListener('dragleave', onLeave);
  zone.addEventListener('drop', onDrop);
  return () => {
    zone.removeEventListener('dragenter', onEnter);
    zone.removeEventListener('dragover', onOver);
    zone.removeEventListener('dragleave', onLeave);
    zone.removeEventListener('drop', onDrop);
  };
}
