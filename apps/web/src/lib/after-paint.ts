/**
 * Runs `work` in a task of its own once the browser has painted what is on screen now, so that work
 * the first view does not need (a dialog a link asks for) does not lengthen the task that shows the
 * page. Returns a function that cancels it.
 */
export function afterPaint(work: () => void): () => void {
  let cancelTask: (() => void) | undefined;
  const frame = window.requestAnimationFrame(() => {
    cancelTask = inTaskOfItsOwn(work);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    cancelTask?.();
  };
}

/**
 * Runs `work` in a task of its own, soon: work an effect of the page's first commit starts (opening
 * IndexedDB, a socket) does not lengthen that commit's task. Returns a function that cancels it.
 */
export function inTaskOfItsOwn(work: () => void): () => void {
  const timer = window.setTimeout(work, 0);
  return () => window.clearTimeout(timer);
}
