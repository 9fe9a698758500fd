// The Share and Embed buttons. Share copies a link to the full playground whose fragment
// holds everything shown now (share/playground-state.ts); where the clipboard is not
// available it shows the link selected in a read-only field instead. Embed opens a dialog
// with two snippets for the current state, an <astar-playground> element and an iframe,
// each with a Copy button. Snippets are plain text in read-only fields: nothing here is
// ever parsed as markup, and the attribute values in them are escaped. Outcomes are
// announced through aria-live lines rather than role="status", which names the search's
// status line alone (scripts and tests find it by that role).
import { shareFragment } from '../share/playground-state';
import type { PlaygroundStore } from '../state/store';
import { el, Phrases, setText } from './dom';
import type { PhraseKey } from './i18n';

export interface ShareLinks {
  /** The full playground page, without query or fragment: Share links and the iframe form point here. */
  page: string;
  /** The <astar-playground> module, for the snippet's script tag. */
  script: string;
}

export interface SharePanel {
  element: HTMLElement;
}

/** Iframe height in the snippet: the map, the default controls and the status line. */
const IFRAME_HEIGHT = 560;

/** Links for a playground on its own page: that page, and the module built next to it. */
export function pageLinks(document: Document): ShareLinks {
  const page = new URL(document.location.href);
  page.hash = '';
  page.search = '';
  return { page: page.href, script: new URL('embed/astar-playground.js', page).href };
}

export function buildSharePanel(store: PlaygroundStore, phrases: Phrases, links: ShareLinks): SharePanel {
  const shareLink = () => `${links.page}#${shareFragment(store)}`;
  const snippets = () => {
    const fragment = shareFragment(store);
    const iframeUrl = `${links.page}?embed#${fragment}`;
    return {
      element: `<script type="module" src="${escapeAttribute(links.script)}"></script>\n`
        + `<astar-playground map="${escapeAttribute(fragment)}"></astar-playground>`,
      // No style attribute: a host page whose policy has no style-src 'unsafe-inline' would
      // refuse it (and print a violation); the frame's border is the host's stylesheet's to set.
      iframe: `<iframe src="${escapeAttribute(iframeUrl)}" title="${escapeAttribute(phrases.translate('app.title'))}" `
        + `width="100%" height="${IFRAME_HEIGHT}" loading="lazy"></iframe>`,
    };
  };

  // ---------------------------------------------------------------- Share
  const status = el('p', { class: 'ap-share-status', 'aria-live': 'polite', 'data-region': 'share-status' });
  const linkField = el('input', { type: 'text', readonly: true, class: 'ap-share-link', 'data-control': 'share-link' });
  // "Link copied" floats over the header (moving nothing), so it goes again after a moment;
  // the fallback's instructions stay while its field is there to copy from.
  let clearCopied = 0;
  const fallback = el('label', { class: 'ap-share-fallback', hidden: true }, phrases.span('share.copyThis', 'ap-label'), linkField);
  const shareButton = button(phrases, 'share', 'share', async () => {
    const link = shareLink();
    linkField.value = link;
    window.clearTimeout(clearCopied);
    if (await copyText(link)) {
      fallback.hidden = true;
      say(status, phrases, 'share.copied');
      clearCopied = window.setTimeout(() => setText(status, ''), COPIED_SHOWN_MS);
    } else {
      fallback.hidden = false;
      selectField(linkField);
      say(status, phrases, 'copy.manually');
    }
  });

  // ---------------------------------------------------------------- Embed
  const dialogStatus = el('p', { class: 'ap-share-status', 'aria-live': 'polite', 'data-region': 'embed-status' });
  // Screen readers name the dialog by its heading, each snippet by the note above it, and each
  // Copy button by what it copies (ids unique per playground: a page may hold several).
  const ids = `ap-embed-${++embedDialogs}`;
  const snippetField = (name: string) => el('textarea', { readonly: true, rows: 4, spellcheck: 'false', class: 'ap-snippet', 'data-snippet': name, 'aria-labelledby': `${ids}-${name}` });
  const elementField = snippetField('element');
  const iframeField = snippetField('iframe');
  const copyButton = (field: HTMLTextAreaElement, action: string, label: PhraseKey) => phrases.attribute(button(phrases, 'copy', action, async () => {
    if (await copyText(field.value)) {
      say(dialogStatus, phrases, 'copy.done');
    } else {
      selectField(field);
      say(dialogStatus, phrases, 'copy.manually');
    }
  }), 'aria-label', label);
  const closeButton = button(phrases, 'close', 'close-embed', () => dialog.close());
  const dialog: HTMLDialogElement = el('dialog', { class: 'ap-dialog', 'data-region': 'embed-dialog', 'aria-labelledby': `${ids}-title` },
    phrases.text(el('h2', { id: `${ids}-title` }), 'embed.title'),
    phrases.text(el('p', { class: 'ap-note', id: `${ids}-element` }), 'embed.element'),
    elementField,
    el('div', { class: 'ap-toolbar' }, copyButton(elementField, 'copy-element', 'copy.element')),
    phrases.text(el('p', { class: 'ap-note', id: `${ids}-iframe` }), 'embed.iframe'),
    iframeField,
    el('div', { class: 'ap-toolbar' }, copyButton(iframeField, 'copy-iframe', 'copy.iframe')),
    dialogStatus,
    el('div', { class: 'ap-toolbar ap-dialog-end' }, closeButton));
  const embedButton = button(phrases, 'embed', 'embed', () => {
    const current = snippets();
    elementField.value = current.element;
    iframeField.value = current.iframe;
    setText(dialogStatus, '');
    dialog.showModal();
  });

  const element = el('div', { class: 'ap-share' },
    el('div', { class: 'ap-toolbar' }, shareButton, embedButton),
    status,
    fallback,
    dialog);
  return { element };
}

/** Embed dialogs made so far, for ids unique in the page. */
let embedDialogs = 0;

/** How long "Link copied" shows, in ms. */
const COPIED_SHOWN_MS = 4000;

function button(phrases: Phrases, key: PhraseKey, action: string, onClick: () => void | Promise<void>): HTMLButtonElement {
  const b = phrases.text(el('button', { type: 'button', class: 'ap-button', 'data-action': action }), key);
  b.addEventListener('click', () => void onClick());
  return b;
}

/** The status line shows the latest outcome, in the current language. */
function say(line: HTMLElement, phrases: Phrases, key: PhraseKey): void {
  setText(line, phrases.translate(key));
}

function selectField(field: HTMLInputElement | HTMLTextAreaElement): void {
  field.focus();
  field.select();
}

/** False where the clipboard is unavailable (an insecure page, a denied permission, an unfocused document). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
