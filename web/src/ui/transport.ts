// The controls under the map: play/pause, step back, step, reset, speed, the timeline
// slider, the status line and the narration of the current step.
//
// The status line changes on every frame of playback, thousands of steps a second, which
// no one can listen to: screen readers hear a separate, visually hidden status region that
// is updated only when something happens (playback starts, pauses or ends, the user steps,
// seeks or edits, a search finishes), while the visible line is not live.
//
// Messages (an import's result, an error) take a line of their own under the controls,
// never over the map: a map's goal often sits by its bottom edge (an import puts it a little
// way in from there), and a note floating there hid it. Under the controls, a message
// coming or going moves none of them. News ("Loaded ...") goes by itself
// after INFO_MESSAGE_MS; an error stays until × or the next edit, since it must be read.
import { INSTANT_SPEED_INDEX } from '../state/speeds';
import type { Run } from '../state/run';
import type { Change, PlaygroundStore } from '../state/store';
import { searchName } from './comparison';
import { joinSentences, translate } from './i18n';
import { showGroups, type ControlGroup } from './controls';
import { el, focusedIn, Phrases, rangeOutput, setText, showRangeValue } from './dom';
import { narrationText, refusalText, speedLabel, statusText, timelineLabel } from './describe';
import { translateFileError } from './format-errors';

/** Changes always worth telling screen readers about, even during playback. */
const NEWS: readonly Change[] = ['map', 'endpoints', 'options', 'language'];
/** How long news stays: long enough to read a line, short enough not to linger as clutter. */
export const INFO_MESSAGE_MS = 5000;

export interface Transport {
  element: HTMLElement;
  update(changes: ReadonlySet<Change>): void;
  /** Shows only these control groups (play, speed, timeline, status, narration); messages always show. */
  show(visible: ReadonlySet<ControlGroup>): void;
  destroy(): void;
}

/**
 * `narrated` is the run whose step the narration tells (in compare mode, the inspected
 * one); `trailing` goes at the end of the buttons' row (the compare buttons).
 */
export function buildTransport(store: PlaygroundStore, phrases: Phrases, narrated: () => Run = () => store.runs[0]!, trailing?: HTMLElement,
  extraStatus: () => string = () => ''): Transport {
  const playButton = el('button', { type: 'button', class: 'ap-button ap-primary', 'data-action': 'play' });
  const backButton = phrases.text(el('button', { type: 'button', class: 'ap-button', 'data-action': 'step-back' }), 'stepBack');
  const stepButton = phrases.text(el('button', { type: 'button', class: 'ap-button', 'data-action': 'step' }), 'step');
  const resetButton = phrases.text(el('button', { type: 'button', class: 'ap-button', 'data-action': 'reset' }), 'reset');
  // Walk mode on (and playing) or off: the label says what a press does.
  const walkButton = el('button', { type: 'button', class: 'ap-button', 'data-action': 'walk' });
  walkButton.addEventListener('click', () => (store.walking ? store.setWalking(false) : store.startWalk()));

  const speedInput = el('input', { type: 'range', min: 0, max: INSTANT_SPEED_INDEX, step: 1, value: store.speedIndex, 'data-control': 'speed' });
  const speedOutput = rangeOutput();
  const timelineInput = el('input', { type: 'range', min: 0, max: 0, step: 1, value: 0, 'data-control': 'timeline' });
  const timelineOutput = rangeOutput();
  const status = el('p', { class: 'ap-status', 'aria-live': 'off', 'data-region': 'status' });
  const announcer = el('p', { class: 'ap-visually-hidden', role: 'status', 'data-region': 'status-announcer' });
  const narration = el('p', { class: 'ap-narration', 'data-region': 'narration' });
  // Import and size errors show here, next to the map, where they are seen on a phone too.
  const message = el('p', { class: 'ap-message', role: 'alert', 'data-region': 'message' });
  const dismissMessage = phrases.attribute(el('button', { type: 'button', class: 'ap-message-dismiss', 'data-action': 'dismiss-message' }, '×'), 'aria-label', 'message.dismiss');
  dismissMessage.addEventListener('click', () => store.showMessage(null));
  const messageBox = el('div', { class: 'ap-message-box', hidden: true }, message, dismissMessage);

  playButton.addEventListener('click', () => store.togglePlay());
  backButton.addEventListener('click', () => store.stepBack());
  stepButton.addEventListener('click', () => store.stepForward());
  resetButton.addEventListener('click', () => store.reset());
  speedInput.addEventListener('input', () => store.setSpeed(Number(speedInput.value)));
  // While a search's length is still being counted the slider spans the steps seen so far:
  // its right end then means the search's end, wherever that turns out to be.
  timelineInput.addEventListener('input', () => {
    const value = Number(timelineInput.value);
    store.seek(store.total === null && value >= Number(timelineInput.max) ? Infinity : value);
  });

  const buttons = el('div', { class: 'ap-buttons' }, playButton, backButton, stepButton, resetButton, walkButton, trailing);
  const sliderParts = {
    speed: el('label', { class: 'ap-slider' }, phrases.span('speed', 'ap-label'), speedInput, speedOutput),
    timeline: el('label', { class: 'ap-slider ap-timeline' }, phrases.span('timeline', 'ap-label'), timelineInput, timelineOutput),
  };
  const sliders = el('div', { class: 'ap-sliders' }, sliderParts.speed, sliderParts.timeline);
  const element = el('section', { class: 'ap-transport' }, buttons, sliders, status, announcer, narration, messageBox);

  const show = (visible: ReadonlySet<ControlGroup>) => {
    sliders.hidden = !showGroups(sliderParts, visible);
    // With nothing but the message line left, the box around it goes too (the message still shows).
    const any = showGroups({ play: buttons, status, narration }, visible) || !sliders.hidden;
    // The compare and walk buttons share the row even when the playback buttons are hidden.
    walkButton.hidden = !visible.has('walk');
    if (buttons.hidden && ((trailing && !trailing.hidden) || !walkButton.hidden)) {
      buttons.hidden = false;
      for (const b of [playButton, backButton, stepButton, resetButton]) b.hidden = true;
    } else {
      for (const b of [playButton, backButton, stepButton, resetButton]) b.hidden = false;
    }
    element.classList.toggle('ap-transport-bare', !any);
  };

  let shownMessage: typeof store.message = null;
  let expiry: ReturnType<typeof setTimeout> | undefined;
  const update = (changes: ReadonlySet<Change>) => {
    const { language } = store;
    if (changes.has('ui') || changes.has('language')) {
      setText(playButton, translate(language, store.playing ? 'pause' : 'play'));
      // The label says what a press does; data-state is for scripts (tests, the benchmark).
      playButton.dataset.state = store.playing ? 'playing' : 'paused';
      setText(walkButton, translate(language, store.walking ? 'walk.stop' : 'walk'));
      walkButton.dataset.state = store.walking ? 'walking' : 'searching';
      speedInput.value = String(store.speedIndex);
      const speed = speedLabel(language, store.speedIndex);
      showRangeValue(speedInput, speedOutput, speed);
      const m = store.message;
      if (m !== shownMessage) {
        shownMessage = m;
        clearTimeout(expiry);
        if (m?.kind === 'info') expiry = setTimeout(() => { if (store.message === m) store.showMessage(null); }, INFO_MESSAGE_MS);
      }
      message.className = `ap-message${m ? ` ap-${m.kind}` : ''}`;
      setText(message, m ? `${translate(language, m.key)}${m.detail ? ` — ${translateFileError(language, m.detail)}` : ''}` : '');
      const appeared = messageBox.hidden && m !== null;
      messageBox.hidden = !m;
      // An error that answers something the reader just did in the playground (an import from
      // the side panel) is brought into view if it is out of it; one shown by itself (a bad
      // link as the page opens, in an embed perhaps) never scrolls the page.
      const focus = focusedIn(element);
      if (appeared && m.kind === 'error' && focus && element.closest('.ap-root')?.contains(focus)) messageBox.scrollIntoView({ block: 'nearest' });
    }
    if (changes.has('ui') || changes.has('options') || changes.has('language')) {
      // A walk moves from cell to cell, so an any-angle planner's walk is refused: with no
      // other planner Walk is disabled up front, its reason the refusal (the options' note
      // says it too). Walking already (a planner chosen since), it stays, to stop.
      const cannotWalk = !store.walking && store.runs.every((run) => store.engine.algorithm(run.options.algorithm).anyAngle);
      walkButton.disabled = cannotWalk;
      if (cannotWalk) walkButton.title = refusalText(store, 'any-angle');
      else walkButton.removeAttribute('title');
    }
    if (changes.has('search') || changes.has('ui') || changes.has('language')) {
      // One timeline for every run: the longest run's steps.
      const step = store.timelineStep;
      // While the total is still being counted the slider spans what has been seen.
      const total = store.total ?? step;
      timelineInput.max = String(Math.max(total, 1));
      timelineInput.value = String(step);
      timelineInput.disabled = total === 0;
      const label = timelineLabel(store);
      showRangeValue(timelineInput, timelineOutput, label);
      backButton.disabled = step === 0;
      stepButton.disabled = store.finished || store.runs.every((run) => run.shown.status === 'ready');
      const comparing = store.runs.length > 1;
      // A chosen Moving AI query adds whether the cost found is its published optimal length.
      setText(status, joinSentences(language, [comparing ? compareStatus(store) : statusText(store), extraStatus()].filter(Boolean)));
      const news = announcement(changes);
      if (news !== null) setText(announcer, joinSentences(language, [news, status.textContent ?? ''].filter(Boolean)));
      // In compare mode the narration names the search it tells about.
      const run = narrated();
      setText(narration, comparing ? translate(language, 'compare.narration', { name: searchName(store, run), text: narrationText(store, run) }) : narrationText(store, run));
    }
  };
  // What screen readers were last told about: playback and the end of the searches.
  let toldPlaying = store.playing, toldFinished = store.finished;
  /**
   * What to say before the status, or null to say nothing: everything but a frame of playback
   * (or of a recomputation running over several frames) and its end. Playback starting or
   * pausing is said in words, since the status line at that moment may read as before.
   */
  const announcement = (changes: ReadonlySet<Change>): string | null => {
    const { playing, finished } = store;
    const event = playing !== toldPlaying || (finished && !toldFinished)
      || (changes.has('ui') && !playing) || NEWS.some((change) => changes.has(change));
    const said = playing && !toldPlaying ? 'announce.playing' : !playing && toldPlaying && !finished ? 'announce.paused' : null;
    toldPlaying = playing;
    toldFinished = finished;
    return event ? (said ? translate(store.language, said) : '') : null;
  };
  update(new Set<Change>(['ui', 'search', 'language']));
  return { element, update, show, destroy: () => clearTimeout(expiry) };
}

/** Compare mode's status line: how many searches finished, and how many cannot run here. */
function compareStatus(store: PlaygroundStore): string {
  const { language, runs } = store;
  // A walk is finished when it ended (arrived, no path, gave up); a search likewise.
  const refusedRun = (run: Run) => (run.walk ? run.walk.walk.status : run.shown.status) === 'refused';
  const refused = runs.filter(refusedRun).length;
  const finished = runs.filter((run) => run.timeline.finished && !refusedRun(run)).length;
  const parts = [translate(language, 'status.compare', { n: runs.length, finished })];
  if (refused > 0) parts.push(translate(language, 'status.compareRefused', { n: refused }));
  return joinSentences(language, parts);
}
