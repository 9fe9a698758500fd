// The page: the playground mounted into #app, with the address bar as its share link.
import { mountPlayground } from './app';
import { attachAddressBar } from './share/address-bar';
import { embedFromQuery } from './embed/iframe';

const container = document.getElementById('app');
// ---- iframe form (H2): `?embed&controls=...` shows only the grid and the chosen controls.
const embed = embedFromQuery(location.search);
// ---- end of the iframe form

if (container) {
  mountPlayground(container, embed?.mountOptions).then(
    (playground) => {
      attachAddressBar(playground.store);
      embed?.start(playground, container);
    },
    (error: unknown) => {
      const message = document.createElement('p');
      message.className = 'ap-fatal';
      message.textContent = `The playground could not start: ${error instanceof Error ? error.message : String(error)}`;
      container.replaceChildren(message);
      console.error(error);
    },
  );
}
