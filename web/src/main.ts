// The page: the playground mounted into #app, with the address bar as its share link.
import { mountPlayground } from './app';
import { loadEngine } from './engine/engine';
import { attachAddressBar } from './share/address-bar';
import { embedFromQuery } from './embed/iframe';
import { showStartFailure } from './ui/fatal';

async function start(container: HTMLElement): Promise<void> {
  const engine = await loadEngine();
  // The iframe form, `?embed&controls=...`, shows only the grid and the chosen controls;
  // its settings name options the engine's catalog defines.
  const embed = embedFromQuery(location.search, engine.catalog);
  const playground = await mountPlayground(container, embed?.mountOptions);
  // The iframe form opens the fragment itself, with the query's option overrides.
  const open = embed?.start(playground, container, location.hash.replace(/^#/, ''));
  attachAddressBar(playground.store, window, open);
}

const container = document.getElementById('app');
// An async function, so that an engine which throws at once (a browser without WebAssembly:
// the engine module throws as it is called) ends in the same message as any other failure.
if (container) start(container).catch((error: unknown) => showStartFailure(container, error));
