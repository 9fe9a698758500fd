// The tutorial's "put a diagram in your own page" snippet names the element's script by its
// full address on this site, worked out here, so the snippet works wherever it is pasted
// (a relative address would point into the reader's own site). A code block marked
// data-embed-script holds the address relative to the page in that attribute; the text
// EMBED_SCRIPT in it is replaced. Text only: nothing is parsed as markup.
for (const code of document.querySelectorAll('code[data-embed-script]')) {
  const address = new URL(code.dataset.embedScript, document.baseURI).href;
  code.textContent = code.textContent.replace('EMBED_SCRIPT', address);
}
