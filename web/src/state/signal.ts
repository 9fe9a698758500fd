// A part of the playground's state says what changed through its own signal: listeners hear
// the kinds of change of one action at once, as a set. The store (store.ts) listens to every
// part and passes the union on to the page once per action.
export class ChangeSignal<C extends string> {
  private readonly listeners = new Set<(changes: ReadonlySet<C>) => void>();

  subscribe(listener: (changes: ReadonlySet<C>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(...changes: C[]): void {
    if (changes.length === 0) return;
    const set = new Set(changes);
    for (const listener of [...this.listeners]) listener(set);
  }

  clear(): void {
    this.listeners.clear();
  }
}
