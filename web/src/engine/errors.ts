// The errors the engine throws besides TypeError and RangeError (which name the bad
// argument): its own classes, so callers can tell bad map text and a full heap apart from
// programming mistakes with instanceof, and read the line a map or scenario file failed at.

/** Rejected .map or .scen text. The message names the line; `line` is 0 when no line is to blame. */
export class MapFormatError extends Error {
  readonly line: number;
  constructor(message: string, line: number) {
    super(message);
    this.name = 'MapFormatError';
    this.line = line;
  }
}

/**
 * The engine's memory is full: thrown instead of the allocation, so the engine stays
 * usable; delete objects (or let dropped ones be collected) and try again.
 */
export class EngineMemoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineMemoryError';
  }
}
