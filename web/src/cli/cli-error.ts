// An error the user caused or can fix (a bad option, a missing or malformed file). The CLI
// prints its message as the one line on stderr and exits non-zero; anything else is a bug
// and keeps its stack trace.
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}
