// The one message shown when a playground cannot start (the page's and the element's), in
// the browser's language: the playground's own choice of language is not known yet.
import { initialLanguage, translate } from './i18n';

/** Replaces what `container` shows with a message naming the error, and logs the error. */
export function showStartFailure(container: HTMLElement, error: unknown): void {
  const message = container.ownerDocument.createElement('p');
  message.className = 'ap-fatal';
  const language = initialLanguage(null, navigator.languages ?? [navigator.language]);
  message.textContent = translate(language, 'error.start', { reason: error instanceof Error ? error.message : String(error) });
  container.replaceChildren(message);
  console.error(error);
}
