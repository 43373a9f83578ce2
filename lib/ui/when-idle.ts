/**
 * Runs `task` once the page has loaded and the browser is idle: for code a page may need soon but not for its
 * first paint (the toaster, the header's menus). Answers a function that cancels it. Browsers without
 * `requestIdleCallback` (Safari) wait a moment after the load instead.
 */
export function whenIdle(task: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(task, { timeout: 5000 });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, 1000);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", schedule);
    cancelIdle();
  };
}
