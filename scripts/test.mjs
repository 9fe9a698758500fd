// `npm test`: set up and build, then every check. A failing check does not stop the others;
// the exit code is non-zero if any failed. ctest runs last so its summary closes the output.
// Besides the normal builds it builds the GoogleTest suite again with clang under
// AddressSanitizer and UndefinedBehaviorSanitizer (build/native-asan, where any report fails
// the test that caused it), and runs the fuzz targets once over their seeds (npm run fuzz).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setup } from './setup.mjs';
import { buildAll, cmakeBuild } from './build.mjs';
import { ROOT, main, runStatus, say } from './shell.mjs';

// Optional data: the team's Moving AI maps beside the clone. Without them the bundled
// fixtures still run; the sample of every shared scenario file does not, and says so here
// (ctest lists the skipped test but not its reason).
const SHARED_MOVINGAI = join(ROOT, '..', 'shared', 'movingai');
const SANITIZED_BUILD = 'build/native-asan';

const CHECKS = [
  { name: 'type-check', command: 'node_modules/.bin/tsc', args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'Vitest (node + Chromium)', command: 'node_modules/.bin/vitest', args: ['run'] },
  { name: 'fuzz targets on their seeds (ASan + UBSan)', command: 'node', args: ['scripts/fuzz.mjs', '--seeds'] },
  {
    name: 'GoogleTest (ctest)',
    command: 'ctest',
    args: ['--test-dir', 'build/native', '--output-on-failure', '-j2'],
  },
  {
    name: 'GoogleTest under ASan + UBSan (ctest)',
    command: 'ctest',
    args: ['--test-dir', SANITIZED_BUILD, '--output-on-failure', '-j2'],
    env: { UBSAN_OPTIONS: 'print_stacktrace=1' },
  },
];

async function buildSanitizedTests() {
  await cmakeBuild({
    name: 'GoogleTest under ASan + UBSan',
    buildDir: SANITIZED_BUILD,
    configure: ['cmake', '-S', '.', '-B', SANITIZED_BUILD, '-DCMAKE_BUILD_TYPE=RelWithDebInfo', '-DCMAKE_CXX_COMPILER=clang++', '-DASTAR_SANITIZE=ON'],
    targets: ['core_tests'],
  });
}

await main('test', async () => {
  await setup();
  await buildAll();
  await buildSanitizedTests();
  if (!existsSync(SHARED_MOVINGAI)) {
    say('test', `${SHARED_MOVINGAI} not found: the conformance sample of every shared Moving AI scenario file will not run (SharedMovingAiFolder.IsUsedWhenPresent is skipped)`);
  }

  const failed = [];
  for (const check of CHECKS) {
    say('test', `${check.name}...`);
    if ((await runStatus(check.command, check.args, { tag: 'test', env: check.env })) !== 0) failed.push(check.name);
  }
  if (failed.length > 0) {
    console.error(`[test] FAILED: ${failed.join(', ')}`);
    process.exit(1);
  }
});
