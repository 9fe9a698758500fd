// A classic script, so it runs before any module: the page now looks like a browser without WebAssembly.
delete globalThis.WebAssembly;
