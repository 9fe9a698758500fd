// Installs what the build and the tests need, and nothing that is already there:
// Debian packages (compilers, Emscripten, Chromium) and node_modules. Safe to run every time.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, StepError, run, say, step } from './shell.mjs';

/** Debian packages by what they provide; the seconds are rough install times for the message. */
const SYSTEM_PACKAGES = [
  { name: 'emscripten', seconds: 60 },
  { name: 'chromium', seconds: 40 },
  { name: 'cmake', seconds: 10 },
  { name: 'make', seconds: 2 },
  { name: 'g++', seconds: 15 },
  { name: 'googletest', seconds: 3 },
  { name: 'libgtest-dev', seconds: 3 },
  // The sanitizer build of the tests (build/native-asan) and the fuzz targets (build/fuzz):
  // clang, and the runtimes of its sanitizers and of libFuzzer.
  { name: 'clang', seconds: 5 },
  { name: 'libclang-rt-14-dev', seconds: 5 },
];
/** What `npm run fuzz` needs of SYSTEM_PACKAGES. */
export const FUZZ_PACKAGES = SYSTEM_PACKAGES.filter((pkg) =>
  ['clang', 'libclang-rt-14-dev', 'cmake', 'make'].includes(pkg.name),
);

const LOCK_FILE = join(ROOT, 'package-lock.json');
const NODE_MODULES = join(ROOT, 'node_modules');
// Hash of the lock file that node_modules was last installed from.
const INSTALL_STAMP = join(NODE_MODULES, '.astar-installed-lock.sha256');

const MINIMUM_NODE = [20, 19];

function checkNodeVersion() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  const [needMajor, needMinor] = MINIMUM_NODE;
  if (major < needMajor || (major === needMajor && minor < needMinor)) {
    throw new StepError(
      `Node ${process.versions.node} is too old: Vite needs Node ${needMajor}.${needMinor} or newer`,
    );
  }
}

/** The packages of `packages` that dpkg does not report as installed. */
function missingSystemPackages(packages) {
  const names = packages.map((pkg) => pkg.name);
  const query = spawnSync('dpkg-query', ['-W', '-f=${Package} ${db:Status-Status}\\n', ...names], {
    encoding: 'utf8',
  });
  if (query.error) {
    throw new StepError(
      'dpkg-query not found: this setup installs tools with apt (Debian 12). ' +
        `Install these yourself: ${names.join(' ')}`,
    );
  }
  const installed = new Set(
    query.stdout
      .split('\n')
      .map((line) => line.trim().split(' '))
      .filter(([, status]) => status === 'installed')
      .map(([name]) => name),
  );
  return packages.filter((pkg) => !installed.has(pkg.name));
}

export async function ensureSystemPackages(packages = SYSTEM_PACKAGES) {
  const missing = missingSystemPackages(packages);
  if (missing.length === 0) {
    say('setup', `system tools present (${packages.map((pkg) => pkg.name).join(', ')})`);
    return;
  }
  const names = missing.map((pkg) => pkg.name).join(' ');
  if (process.getuid?.() !== 0) {
    throw new StepError(
      `missing system packages: ${names}\n` +
        'Install them once with this command, then run the npm command again:\n' +
        `  sudo apt-get update && sudo apt-get install -y ${names}`,
    );
  }
  const seconds = 15 + missing.reduce((sum, pkg) => sum + pkg.seconds, 0);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  await step('setup', `installing ${names} (apt-get, about ${seconds} s)`, async () => {
    await run('apt-get', ['update'], { env, tag: 'setup' });
    await run('apt-get', ['install', '-y', ...missing.map((pkg) => pkg.name)], {
      env,
      tag: 'setup',
    });
  });
}

function hashOf(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

async function ensureNodeModules() {
  const hasLock = existsSync(LOCK_FILE);
  if (hasLock && existsSync(INSTALL_STAMP) && readFileSync(INSTALL_STAMP, 'utf8') === hashOf(LOCK_FILE)) {
    say('setup', 'node_modules matches package-lock.json');
    return;
  }
  const command = hasLock ? 'ci' : 'install';
  const reason = existsSync(NODE_MODULES) ? 'package-lock.json changed' : 'node_modules missing';
  await step('setup', `npm ${command}: ${reason} (about 20 s)`, () =>
    run('npm', [command, '--no-audit', '--no-fund'], {
      // The browser tests use Debian's Chromium; a browser download is neither needed nor possible.
      env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
      tag: 'setup',
    }),
  );
  writeFileSync(INSTALL_STAMP, hashOf(LOCK_FILE));
}

export async function setup() {
  checkNodeVersion();
  await ensureSystemPackages();
  await ensureNodeModules();
}
