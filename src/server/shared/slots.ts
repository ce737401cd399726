/**
 * A fixed number of places for heavy work in this process (the data downloads: README, "Your
 * data"). Taking one gives a release that frees it once, however often it is called; none left
 * answers null, so the caller can refuse at once (503) rather than queue work it cannot afford.
 */
export class Slots {
  private used = 0;
  constructor(readonly max: number) {}

  /** How many are taken now. */
  get taken(): number {
    return this.used;
  }

  /** A place and its release, or null when all {@link max} are taken. */
  take(): (() => void) | null {
    if (this.used >= this.max) return null;
    this.used++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used--;
    };
  }
}
