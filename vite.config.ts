// Four builds share this file so they share one resolver setup:
//   `vite build`              the page (root web/, output dist/), served by `npm start`;
//   `vite build --mode embed` <astar-playground> as one self-contained ES module,
//                             dist/embed/astar-playground.js, with its declaration beside it,
//                             generated from the sources (run after the page build, which
//                             empties dist/);
//   `vite build --mode cli`   the `astar` command, bundled for Node into dist/cli/astar.mjs
//                             (bin/astar.mjs loads it; Node 20 cannot run TypeScript itself);
//   `vite build --mode package` the npm package's entry (web/src/package/index.ts) as one
//                             self-contained ES module for Node 20+ and browsers,
//                             dist/package/index.js, with its declaration generated likewise.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type ts from 'typescript';
import { defineConfig, type Connect, type Plugin } from 'vite';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

const DEFAULT_PORT = 5173;
const port = Number(process.env.PORT) || DEFAULT_PORT;
// Loopback only: the playground is a local tool, nothing should reach it from the network.
const server = { host: '127.0.0.1', port, strictPort: true };

/**
 * The Content-Security-Policy the playground, the element and the tutorial must work under:
 * no eval, no inline scripts or styles, wasm compilation allowed. This is its one definition:
 * the page build writes it into every page it ships as a meta tag (so it holds on any static
 * host), `npm start` also sends it as a header, the browser tests serve dist/ with it
 * (tests/support/static-server.ts) and a test checks README quotes it. A change that needs a
 * looser policy fails there rather than on someone's strict page.
 */
export const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * Writes STRICT_CSP as a meta tag into every HTML file of the page build's output: index.html
 * and the tutorial pages Vite copies unchanged from web/public/. The tag goes right after the
 * charset, before any script or stylesheet it must govern. (frame-ancestors and report-uri,
 * which a meta tag cannot carry, are not in the policy.)
 */
function contentSecurityPolicyMeta(): Plugin {
  const tag = `<meta http-equiv="Content-Security-Policy" content="${STRICT_CSP}" />`;
  return {
    name: 'astar-csp-meta',
    apply: 'build',
    writeBundle(options) {
      const outDir = options.dir!;
      const pages = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
      for (const page of pages) {
        const file = join(outDir, page);
        const html = readFileSync(file, 'utf8');
        const charset = /<meta charset="utf-8" *\/?>/i.exec(html);
        if (!charset || /http-equiv="Content-Security-Policy"/i.test(html)) {
          this.error(`${page}: a page must open its head with <meta charset="utf-8" /> and carry no policy of its own (the build adds it)`);
        }
        const end = charset.index + charset[0].length;
        writeFileSync(file, `${html.slice(0, end)}\n    ${tag}${html.slice(end)}`);
      }
    },
  };
}

/**
 * The page is a site of several pages (the playground, the tutorial in two languages). A
 * folder's address without its final slash (/tutorial) is sent on to the one with it, where
 * the page's relative links and assets resolve, and an address that names nothing gets a 404
 * (appType 'mpa' below), never the playground's page in its place. `npm start` serves dist/;
 * the dev server serves the tutorial from web/public/, where a folder's address is also
 * given its index.html (which the preview's file server does by itself).
 */
function foldersEndInSlash(): Plugin {
  const folders = (root: string, serveIndex: boolean): Connect.NextHandleFunction => (request, response, next) => {
    const [path, query = ''] = (request.url ?? '/').split(/(?=\?)/) as [string, string?];
    const folder = join(root, decodeURIComponent(path));
    if (path === '/' || relative(root, folder).startsWith('..') || !existsSync(join(folder, 'index.html'))) return next();
    if (!path.endsWith('/')) {
      response.statusCode = 301;
      response.setHeader('Location', `${path}/${query}`);
      response.end();
      return;
    }
    if (serveIndex) request.url = `${path}index.html${query}`;
    next();
  };
  return {
    name: 'astar-folders-end-in-slash',
    configureServer(server) {
      if (server.config.publicDir) server.middlewares.use(folders(server.config.publicDir, true));
    },
    configurePreviewServer(server) {
      server.middlewares.use(folders(server.config.build.outDir, false));
    },
  };
}

/**
 * The TypeScript libs the sources behind `entry` ask for with `/// <reference lib="..." />`
 * (engine.ts: esnext.disposable, for Symbol.dispose). dts-bundle-generator carries
 * `reference types` directives into its bundle but not these, and without them a user's
 * `using` or `[Symbol.dispose]` would not type-check against the shipped declaration.
 * Parsing the import graph is enough: nothing is type-checked here.
 */
function referencedLibs(typescript: typeof ts, entry: string, options: ts.CompilerOptions): string[] {
  const program = typescript.createProgram({ rootNames: [entry], options: { ...options, noEmit: true } });
  const libs = program.getSourceFiles()
    .filter((file) => !program.isSourceFileDefaultLibrary(file) && !file.fileName.includes('/node_modules/'))
    .flatMap((file) => file.libReferenceDirectives.map((directive) => directive.fileName.toLowerCase()));
  return [...new Set(libs)].sort();
}

/**
 * Ships the declaration of `entry` (from the root) beside the module as `fileName`: ONE .d.ts,
 * generated from the TypeScript sources with their TSDoc, so what users type-check against is
 * what the sources export and nothing is kept in step by hand. dts-bundle-generator does the
 * bundling: it runs the project's own TypeScript over tsconfig.declarations.json (the
 * project's options, with @internal members stripped), inlines every type the entry's exports
 * reach (the generated name lists, the engine's interfaces, the page's option lists) and
 * exports only what the entry exports; `declare global` (the element's tag and events) comes
 * along. The bundle must stand alone: no `import` or `reference types` of anything a user may
 * lack, which tests/js/package.test.ts checks by type-checking users of the packed package.
 * The compiler and the bundler are loaded only by the two builds that ship a declaration.
 */
function bundledDeclaration(entry: string, fileName: string): Plugin {
  const entryPath = fromRoot(entry);
  const configPath = fromRoot('tsconfig.declarations.json');
  return {
    name: 'astar-bundled-declaration',
    apply: 'build',
    async generateBundle() {
      const { generateDtsBundle } = await import('dts-bundle-generator');
      const { default: typescript } = await import('typescript');
      const [bundle] = generateDtsBundle(
        [{
          filePath: entryPath,
          libraries: { importedLibraries: [], allowedTypesLibraries: [] },
          output: { noBanner: true, exportReferencedTypes: false, inlineDeclareGlobals: true },
        }],
        { preferredConfigPath: configPath },
      );
      if (/^\s*import\b|\/\/\/ <reference types=/m.test(bundle!)) this.error(`the declaration of ${entry} does not stand alone:\n${bundle}`);
      const { config } = typescript.readConfigFile(configPath, typescript.sys.readFile);
      const { options } = typescript.parseJsonConfigFileContent(config, typescript.sys, fromRoot('.'));
      const head = [
        `// Generated from ${relative(fromRoot('.'), entryPath)} and the sources it exports from, with their`,
        '// documentation (vite.config.ts, bundledDeclaration): do not edit.',
        ...referencedLibs(typescript, entryPath, options).map((lib) => `/// <reference lib="${lib}" />`),
      ];
      this.emitFile({ type: 'asset', fileName, source: `${head.join('\n')}\n\n${bundle}` });
    },
  };
}

export default defineConfig(({ mode }) => {
  if (mode === 'cli') {
    return {
      root: fromRoot('.'),
      publicDir: false,
      build: {
        ssr: fromRoot('web/src/cli/main.ts'),
        outDir: fromRoot('dist/cli'),
        emptyOutDir: true,
        target: 'node20',
        sourcemap: true,
        rolldownOptions: { output: { entryFileNames: 'astar.mjs' } },
      },
      // One self-contained file: the CLI must not need node_modules at run time.
      ssr: { noExternal: true },
    };
  }
  if (mode === 'embed') {
    return {
      root: fromRoot('web'),
      publicDir: false,
      build: {
        outDir: fromRoot('dist/embed'),
        emptyOutDir: true,
        target: 'es2022',
        sourcemap: true,
        // ONE file: the engine module already inlines the wasm and the stylesheet is
        // imported as text, so nothing else is emitted for a page author to host.
        lib: {
          entry: fromRoot('web/src/embed/astar-playground.ts'),
          formats: ['es'],
          fileName: () => 'astar-playground.js',
        },
        rolldownOptions: { output: { keepNames: true } },
      },
      plugins: [bundledDeclaration('web/src/embed/astar-playground.ts', 'astar-playground.d.ts')],
    };
  }
  if (mode === 'package') {
    return {
      root: fromRoot('web'),
      publicDir: false,
      build: {
        outDir: fromRoot('dist/package'),
        emptyOutDir: true,
        target: 'es2022',
        // ONE file with the wasm inlined, as the element: nothing to resolve beside it, in
        // Node or behind any bundler. No source map: it would double the tarball.
        lib: {
          entry: fromRoot('web/src/package/index.ts'),
          formats: ['es'],
          fileName: () => 'index.js',
        },
        // Its classes keep their names (EngineMemoryError, not "T", in a user's stack trace).
        rolldownOptions: { output: { keepNames: true } },
      },
      plugins: [bundledDeclaration('web/src/package/index.ts', 'index.d.ts')],
    };
  }
  return {
    root: fromRoot('web'),
    // Relative asset URLs so dist/ works from any path (a sub-folder or a tutorial site).
    base: './',
    build: {
      outDir: fromRoot('dist'),
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
    },
    plugins: [contentSecurityPolicyMeta(), foldersEndInSlash()],
    appType: 'mpa',
    server,
    preview: { ...server, headers: { 'Content-Security-Policy': STRICT_CSP } },
  };
});
