// Running child processes for the setup, build, start and test scripts. Children inherit the
// terminal so that long steps (apt-get, npm ci, compiles) show their own progress as it happens.
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

export function say(tag, message) {
  console.log(`[${tag}] ${message}`);
}

/** Thrown when a step fails; the message is the one line the user needs. */
export class StepError extends Error {}

/** Runs a command in the repository root; resolves with its exit code (never rejects on it). */
export function runStatus(command, args, { env = {}, tag = 'run' } = {}) {
  say(tag, `$ ${[command, ...args].join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('error', (error) =>
      reject(new StepError(`could not run ${command}: ${error.message}`)),
    );
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** Like runStatus, but a non-zero exit is an error. */
export async function run(command, args, options = {}) {
  const code = await runStatus(command, args, options);
  if (code !== 0) throw new StepError(`${command} ${args.join(' ')} failed (exit ${code})`);
}

/** Announces a step, runs it and reports how long it took. */
export async function step(tag, title, work) {
  say(tag, `${title}...`);
  const started = performance.now();
  const result = await work();
  say(tag, `${title}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** Entry-point wrapper: a StepError prints one clear line and exits non-zero. */
export async function main(tag, work) {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof StepError)) throw error;
    console.error(`[${tag}] error: ${error.message}`);
    process.exit(1);
  }
}
