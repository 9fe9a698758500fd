// The page: the playground mounted into #app.
import { mountPlayground } from './app';

const container = document.getElementById('app');
if (container) {
  mountPlayground(container).catch((error: unknown) => {
    const message = document.createElement('p');
    message.className = 'ap-fatal';
    message.textContent = `The playground could not start: ${error instanceof Error ? error.message : String(error)}`;
    container.replaceChildren(message);
    console.error(error);
  });
}
