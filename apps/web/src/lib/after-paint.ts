/**
 * Runs `work` in a task of its own once the browser has painted what is on screen now, so that work
 * the first view does not need (a dialog a link asks for) does not lengthen the task that shows the
 * page. Returns a function that cancels it.
 */
export function afterPaint(work: () => void): () => void {
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(work, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}
