// The first-run hint: one short card above the map saying what can be done with it (drag
// S and G, draw walls, press Play; on a touch screen, whose first tool is Inspect, tap a cell
// and choose Wall to draw), until it is dismissed. The dismissal is
// remembered in the storage the playground was given (where the language is remembered);
// without one there is nowhere to remember it, so the hint is not shown at all rather than
// on every visit. It covers neither the map nor the controls.
import { el, type Phrases } from './dom';

const STORAGE_KEY = 'astar-playground.firstRunHint';
const DISMISSED = 'dismissed';

/** The hint, or null when it was dismissed before (or cannot be remembered). */
/** `afterDismiss` gives the keyboard's focus a place to go when the hint (holding it) goes. */
export function buildFirstRunHint(storage: Storage | null, phrases: Phrases, touchFirst = false, afterDismiss: () => void = () => {}): HTMLElement | null {
  if (!storage || readSafely(storage) === DISMISSED) return null;
  const dismiss = phrases.text(el('button', { type: 'button', class: 'ap-button', 'data-action': 'dismiss-hint' }), 'hint.dismiss');
  const hint = el('aside', { class: 'ap-first-run', 'data-region': 'first-run-hint' },
    phrases.text(el('p', {}), touchFirst ? 'hint.firstRunTouch' : 'hint.firstRun'), dismiss);
  dismiss.addEventListener('click', () => {
    // Only the keyboard's focus needs a new place (a mouse's click would leave the map's cursor shown).
    const byKeyboard = dismiss.matches(':focus-visible');
    try {
      storage.setItem(STORAGE_KEY, DISMISSED);
    } catch {
      // Blocked storage: the hint goes for this visit only.
    }
    hint.remove();
    if (byKeyboard) afterDismiss();
  });
  return hint;
}

function readSafely(storage: Storage): string | null {
  try {
    return storage.getItem(STORAGE_KEY);
  } catch {
    return DISMISSED; // storage that cannot be read cannot remember a dismissal either
  }
}
