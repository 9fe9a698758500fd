// The errors the engine throws besides TypeError and RangeError (which name the bad
// argument): its own classes, so callers can tell bad map text and a full heap apart from
// programming mistakes with instanceof, and read the line a map or scenario file failed at.

/** Rejected .map or .scen text. The message names the line; `line` is 0 when no line is to blame. */
export class MapFormatError extends Error {
  readonly line: number;
  /** The size the text asked for when it is what the engine refused (larger than it holds); else null. */
  readonly oversize: { width: number; height: number } | null;
  constructor(message: string, line: number) {
    super(message);
    this.name = 'MapFormatError';
    this.line = line;
    // The core's words for it (Grid::size_error, cpp/core/grid.cpp).
    const size = /grid size (\d+) x (\d+) is larger than the maximum/.exec(message);
    this.oversize = size ? { width: Number(size[1]), height: Number(size[2]) } : null;
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
