// The one message shown when a playground cannot start (the page's and the element's).

/** Replaces what `container` shows with a message naming the error, and logs the error. */
export function showStartFailure(container: HTMLElement, error: unknown): void {
  const message = container.ownerDocument.createElement('p');
  message.className = 'ap-fatal';
  message.textContent = `The A* playground could not start: ${error instanceof Error ? error.message : String(error)}`;
  container.replaceChildren(message);
  console.error(error);
}
