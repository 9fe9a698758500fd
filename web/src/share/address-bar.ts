// The page's address bar as a live share link. Opening the page with `#v2=...` shows that
// state; pasting another link into the same tab (a `hashchange`) shows that one; editing
// keeps the fragment current, so copying the address or reloading gives what is on screen.
//
// The fragment is rewritten with history.replaceState, never pushed: one history entry per
// brush stroke or slider tick would make Back useless. Writes are throttled (a drag emits
// a change per pointer event), wait while a search is playing or on its way somewhere (the
// step changes every frame; the link is written once the search stops), grow sparser on
// maps whose link takes long to encode, and happen only when something a link holds has
// changed (shareKey: a cheap key, compared before anything is encoded; opening a link
// never encodes it again). A page opened without a fragment keeps its plain address until
// something differs from the default map.
import { stepsJob } from '../state/jobs';
import type { PlaygroundStore } from '../state/store';
import { applyShareState, captureShareState, openLinkSteps, shareKey } from './playground-state';
import { encodeShareFragment, encodeSteps } from './share-link';

/** Shortest pause between two rewrites of the address. */
const MIN_WRITE_INTERVAL_MS = 400;
// Encoding is on the main thread (in slices); keep it well under 5% of the time even on 1024 x 1024 maps.
const ENCODE_TIME_FACTOR = 20;

/**
 * `onOpen`, when given, opens each fragment (without '#'; '' for none) instead of loading
 * it directly: the iframe form's, which keeps its settings' overrides.
 */
export function attachAddressBar(store: PlaygroundStore, win: Window = window, onOpen?: (fragment: string) => void): () => void {
  const { catalog } = store.engine;
  // Whatever the store shows before any link is read is the default a bad link falls back to.
  const fallback = captureShareState(store);
  /** The fragment of the state the address stands for: the last link opened or written. */
  let current = encodeShareFragment(fallback, catalog);
  /** The shareKey of the state the address stands for: while the playground's is the same, there is nothing to write. */
  let currentKey = shareKey(store);
  /** The shareKey of the link being encoded, if one is. */
  let encodingKey: string | null = null;
  let interval = MIN_WRITE_INTERVAL_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const writer = {};

  // A bad link stays in the address until the user changes something, so it can be
  // looked at; a good one is what the page now shows.
  const opened = (fragment: string) => {
    current = fragment;
    currentKey = shareKey(store);
  };

  const open = (hash: string) => {
    const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
    if (onOpen) {
      onOpen(fragment);
      opened(fragment);
    } else if (fragment === '') {
      applyShareState(store, fallback);
      opened(fragment);
    } else {
      // Decoded and put in as a job: a small link at once, a big one in slices.
      store.runForeground(stepsJob(openLinkSteps(store, fragment, fallback), () => opened(fragment), rethrow), 'link');
    }
  };

  const write = () => {
    timer = null;
    // Pausing, finishing or arriving emits a change, which schedules the write again.
    if (store.playing || store.busy) return;
    const key = shareKey(store);
    if (key === currentKey || key === encodingKey) return;
    encodingKey = key;
    let spent = 0;
    const encoding = stepsJob(encodeSteps(captureShareState(store), catalog), (fragment) => {
      encodingKey = null;
      interval = Math.max(MIN_WRITE_INTERVAL_MS, spent * ENCODE_TIME_FACTOR);
      currentKey = key;
      if (fragment === current) return;
      current = fragment;
      const url = new URL(win.location.href);
      url.hash = fragment;
      win.history.replaceState(win.history.state, '', url.href);
    }, (error) => {
      encodingKey = null;
      // A state the codec refuses (none the controls can make) leaves the last good link.
      if (!(error instanceof RangeError)) throw error;
    });
    // Encoded in the background, in slices, while nothing else is in flight.
    store.runInBackground(writer, {
      run: (budgetMs) => {
        const begin = performance.now();
        const done = encoding.run(budgetMs);
        spent += performance.now() - begin;
        return done;
      },
      progress: () => encoding.progress(),
    });
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

function rethrow(error: unknown): never {
  throw error;
}
