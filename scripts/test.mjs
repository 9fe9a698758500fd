// `npm test`: set up and build, then every check. A failing check does not stop the others;
// the exit code is non-zero if any failed. ctest runs last so its summary closes the output.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setup } from './setup.mjs';
import { buildAll } from './build.mjs';
import { ROOT, main, runStatus, say } from './shell.mjs';

// Optional data: the team's Moving AI maps beside the clone. Without them the bundled
// fixtures still run; the sample of every shared scenario file does not, and says so here
// (ctest lists the skipped test but not its reason).
const SHARED_MOVINGAI = join(ROOT, '..', 'shared', 'movingai');

const CHECKS = [
  { name: 'type-check', command: 'node_modules/.bin/tsc', args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'Vitest (node + Chromium)', command: 'node_modules/.bin/vitest', args: ['run'] },
  {
    name: 'GoogleTest (ctest)',
    command: 'ctest',
    args: ['--test-dir', 'build/native', '--output-on-failure', '-j2'],
  },
];

await main('test', async () => {
  await setup();
  await buildAll();
  if (!existsSync(SHARED_MOVINGAI)) {
    say('test', `${SHARED_MOVINGAI} not found: the conformance sample of every shared Moving AI scenario file will not run (SharedMovingAiFolder.IsUsedWhenPresent is skipped)`);
  }

  const failed = [];
  for (const check of CHECKS) {
    say('test', `${check.name}...`);
    if ((await runStatus(check.command, check.args, { tag: 'test' })) !== 0) failed.push(check.name);
  }
  if (failed.length > 0) {
    console.error(`[test] FAILED: ${failed.join(', ')}`);
    process.exit(1);
  }
});
