/**
 * Which forms hold typed text that is not saved yet. Each form is a source; a source typed into a
 * dialog belongs to that dialog (`within`), one on a page to no dialog (null). Leaving the page asks
 * about every source, closing a dialog only about its own.
 */
export interface UnsavedChangesRegistry {
  /** Marks `source` as holding unsaved changes (in the dialog `within`, or on the page), or as clean. */
  mark(source: object, dirty: boolean, within: object | null): void;
  /** True while any source (in the dialog `within`, when given) holds unsaved changes. */
  isDirty(within?: object): boolean;
  /**
   * Resolves true when nothing would be lost or the user chose to discard; those sources count as
   * clean from then on, so the way out that follows does not ask a second time.
   */
  confirmDiscard(within?: object): Promise<boolean>;
}

export function createUnsavedChangesRegistry(ask: () => Promise<boolean>, onDirtyChange: (dirty: boolean) => void): UnsavedChangesRegistry {
  const sources = new Map<object, object | null>();
  // Two ways out at once (a link clicked while the browser goes back) share one question.
  let question: Promise<boolean> | null = null;
  const counts = (within?: object) => (owner: object | null) => within === undefined || owner === within;

  const mark = (source: object, dirty: boolean, within: object | null) => {
    const before = sources.size > 0;
    if (dirty) sources.set(source, within);
    else sources.delete(source);
    if (before !== sources.size > 0) onDirtyChange(!before);
  };

  const isDirty = (within?: object) => [...sources.values()].some(counts(within));

  const confirmDiscard = async (within?: object) => {
    if (!isDirty(within)) return true;
    question ??= ask().finally(() => {
      question = null;
    });
    if (!(await question)) return false;
    for (const [source, owner] of [...sources]) if (counts(within)(owner)) mark(source, false, owner);
    return true;
  };

  return { mark, isDirty, confirmDiscard };
}

/**
 * Runs `leave` at once when nothing (in the dialog `within`, when given) is unsaved; otherwise asks
 * and runs it only when the user chose to discard.
 */
export function leaveAfterAsking(registry: UnsavedChangesRegistry, leave: () => void, within?: object): void {
  if (!registry.isDirty(within)) {
    leave();
    return;
  }
  void registry.confirmDiscard(within).then((discard) => (discard ? leave() : undefined));
}
