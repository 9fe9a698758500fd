// The page: the playground mounted into #app, with the address bar as its share link.
import { mountPlayground } from './app';
import { loadEngine } from './engine/engine';
import { attachAddressBar } from './share/address-bar';
import { embedFromQuery } from './embed/iframe';
import { showStartFailure } from './ui/fatal';

async function start(container: HTMLElement): Promise<void> {
  const engine = await loadEngine();
  // The engine's registration and the page's building are each tens of milliseconds on a
  // slow machine: a task each, so neither holds up input behind the other. (Nothing is
  // shown yet, so the pause shows nothing half made.)
  await new Promise((resolve) => setTimeout(resolve, 0));
  // The iframe form, `?embed&controls=...`, shows only the grid and the chosen controls;
  // its settings name options the engine's catalog defines.
  const embed = embedFromQuery(location.search, engine.catalog);
  await mountPlayground(container, {
    ...embed?.mountOptions,
    // The link is opened before the playground's first update, so its map is the first shown.
    beforeFirstUpdate: (playground) => {
      // The iframe form opens the fragment itself, with the query's option overrides.
      const open = embed?.start(playground, container, location.hash.replace(/^#/, ''));
      attachAddressBar(playground.store, window, open);
    },
  });
}

const container = document.getElementById('app');
// An async function, so that an engine which throws at once (a browser without WebAssembly:
// the engine module throws as it is called) ends in the same message as any other failure.
if (container) start(container).catch((error: unknown) => showStartFailure(container, error));
