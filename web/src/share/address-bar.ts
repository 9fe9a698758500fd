// The page's address bar as a live share link. Opening the page with `#v2=...` shows that
// state; pasting another link into the same tab (a `hashchange`) shows that one; editing
// keeps the fragment current, so copying the address or reloading gives what is on screen.
//
// The fragment is rewritten with history.replaceState, never pushed: one history entry per
// brush stroke or slider tick would make Back useless. Writes are throttled (a drag emits
// a change per pointer event), wait while a search is playing (the step changes every
// frame; the link is written once playback stops) and grow sparser on maps whose link
// takes long to encode. A page opened without a fragment keeps its plain address until
// something differs from the default map.
import type { PlaygroundStore } from '../state/store';
import { applyShareState, captureShareState, loadShareFragment, shareFragment } from './playground-state';
import { encodeShareFragment } from './share-link';

/** Shortest pause between two rewrites of the address. */
const MIN_WRITE_INTERVAL_MS = 400;
// Encoding is on the main thread; keep it well under 5% of the time even on 1024 x 1024 maps.
const ENCODE_TIME_FACTOR = 20;

/**
 * `onOpen`, when given, opens each fragment (without '#'; '' for none) instead of loading
 * it directly: the iframe form's, which keeps its settings' overrides.
 */
export function attachAddressBar(store: PlaygroundStore, win: Window = window, onOpen?: (fragment: string) => void): () => void {
  // Whatever the store shows before any link is read is the default a bad link falls back to.
  const fallback = captureShareState(store);
  /** The fragment of the state the address stands for: the last link opened or written. */
  let current = encodeShareFragment(fallback, store.engine.catalog);
  let interval = MIN_WRITE_INTERVAL_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const open = (hash: string) => {
    const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
    if (onOpen) onOpen(fragment);
    else if (fragment === '') applyShareState(store, fallback);
    else loadShareFragment(store, fragment, fallback);
    // A bad link stays in the address until the user changes something, so it can be
    // looked at; a good one is what the page now shows.
    current = shareFragment(store);
  };

  const write = () => {
    timer = null;
    // Pausing or finishing emits a change, which schedules the write again.
    if (store.playing) return;
    const begin = performance.now();
    let fragment: string;
    try {
      fragment = shareFragment(store);
    } catch (error) {
      // A state the codec refuses (none the controls can make) leaves the last good link.
      if (error instanceof RangeError) return;
      throw error;
    }
    interval = Math.max(MIN_WRITE_INTERVAL_MS, (performance.now() - begin) * ENCODE_TIME_FACTOR);
    if (fragment === current) return;
    current = fragment;
    const url = new URL(win.location.href);
    url.hash = fragment;
    win.history.replaceState(win.history.state, '', url.href);
  };

  const schedule = () => {
    if (timer === null) timer = setTimeout(write, interval);
  };

  const onHashChange = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    open(win.location.hash);
  };

  if (win.location.hash.length > 1) open(win.location.hash);
  const unsubscribe = store.subscribe((changes) => {
    if (changes.size > 1 || !changes.has('language')) schedule();
  });
  win.addEventListener('hashchange', onHashChange);
  return () => {
    unsubscribe();
    win.removeEventListener('hashchange', onHashChange);
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}
