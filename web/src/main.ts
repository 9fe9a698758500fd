// The page: the playground mounted into #app, with the address bar as its share link.
import { mountPlayground } from './app';
import { attachAddressBar } from './share/address-bar';
import { embedFromQuery } from './embed/iframe';
import { showStartFailure } from './ui/fatal';

const container = document.getElementById('app');
// ---- iframe form (H2): `?embed&controls=...` shows only the grid and the chosen controls.
const embed = embedFromQuery(location.search);
// ---- end of the iframe form

if (container) {
  mountPlayground(container, embed?.mountOptions).then(
    (playground) => {
      // The iframe form opens the fragment itself, with the query's option overrides.
      const open = embed?.start(playground, container, location.hash.replace(/^#/, ''));
      attachAddressBar(playground.store, window, open);
    },
    (error: unknown) => showStartFailure(container, error),
  );
}
