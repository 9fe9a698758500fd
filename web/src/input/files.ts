// Moving AI files from the file picker or dropped on the playground: .map files go to the
// store's import action, which parses them with the engine and keeps the current map when
// the text is not a valid map; .scen files go to the scenario list (ui/scenario-list.ts),
// which checks that they are for the map shown. A map and its scenarios chosen together
// load in that order, so the scenarios find their map.
import type { PlaygroundStore } from '../state/store';

// A 1024 x 1024 map is about 1 MiB of text, the largest Moving AI scenario file under 1 MB;
// anything far larger cannot be a file we accept.
const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** Takes the text of a .scen file; resolves false (with a message shown) when it is refused. */
export type ScenarioLoader = (text: string, fileName: string) => Promise<boolean>;

export function isScenarioFile(file: File): boolean {
  return /\.scen$/i.test(file.name);
}

/** Imports every map file, then every scenario file; true when all of them loaded. */
export async function importFiles(files: readonly File[], store: PlaygroundStore, loadScenario: ScenarioLoader): Promise<boolean> {
  // Anything that is not a .scen is offered as a map: map files come with many names.
  const ordered = [...files.filter((file) => !isScenarioFile(file)), ...files.filter(isScenarioFile)];
  for (const file of ordered) {
    const text = await readFileText(file, store);
    const loaded = text !== null && (isScenarioFile(file) ? await loadScenario(text, file.name) : store.loadMapText(text, file.name));
    if (!loaded) return false;
  }
  return true;
}

async function readFileText(file: File, store: PlaygroundStore): Promise<string | null> {
  if (file.size > MAX_FILE_BYTES) {
    store.showMessage({ kind: 'error', key: 'error.mapBounds', detail: `${file.name}: ${(file.size / 1048576).toFixed(1)} MiB` });
    return null;
  }
  try {
    return await file.text();
  } catch (error) {
    store.showMessage({ kind: 'error', key: 'error.fileRead', detail: `${file.name}: ${(error as Error).message}` });
    return null;
  }
}

/** Drop files anywhere on `zone` to import them; `setActive` shows the drop hint. Off while `editable()` is false. */
export function attachFileDrop(zone: HTMLElement, store: PlaygroundStore, loadScenario: ScenarioLoader,
  setActive: (active: boolean) => void, editable: () => boolean = () => true): () => void {
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
    const files = Array.from(event.dataTransfer?.files ?? []);
    depth = 0;
    setActive(false);
    if (files.length === 0 || !editable()) return;
    event.preventDefault();
    void importFiles(files, store, loadScenario);
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
