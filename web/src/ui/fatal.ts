// The one message shown when a playground cannot start (the page's and the element's), in
// the browser's language: the playground's own choice of language is not known yet.
import { initialLanguage, translate, type PhraseKey } from './i18n';

/** Replaces what `container` shows with a message naming the error, and logs the error. */
export function showStartFailure(container: HTMLElement, error: unknown): void {
  const message = container.ownerDocument.createElement('p');
  message.className = 'ap-fatal';
  const language = initialLanguage(null, navigator.languages ?? [navigator.language]);
  const hostProblem = wasmUnavailable();
  message.textContent = hostProblem
    ? translate(language, hostProblem)
    : translate(language, 'error.start', { reason: error instanceof Error ? error.message : String(error) });
  container.replaceChildren(message);
  console.error(error);
}

/**
 * Whether the engine failed because the browser or the host will not run WebAssembly at all,
 * in which case the error itself (a CompileError, or "WebAssembly is not defined") would tell a
 * reader nothing. Asked only after a failure, so a working page never makes the probe.
 */
function wasmUnavailable(): PhraseKey | null {
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.Module !== 'function') return 'error.noWasm';
  try {
    // The smallest valid module (magic number and version): compiling it fails only when
    // compilation itself is refused, as under a Content-Security-Policy without 'wasm-unsafe-eval'.
    new WebAssembly.Module(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
    return null;
  } catch {
    return 'error.wasmBlocked';
  }
}
