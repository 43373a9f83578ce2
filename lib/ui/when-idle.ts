/**
 * Runs `task` once the page has loaded and the browser is idle: for code a page may need soon but not for its
 * first paint (the toaster, the header's menus). Tasks run one at a time, each in an idle period of its own and
 * after the one before has finished (a task may answer a promise, such as an `import()`), so that the code
 * they load is not evaluated in one long task. Answers a function that cancels the task if it has not run.
 * Browsers without `requestIdleCallback` (Safari) wait a moment instead.
 */
export function whenIdle(task: () => unknown): () => void {
  const entry = { task };
  queue.push(entry);
  if (queue.length === 1) start();
  return () => {
    const at = queue.indexOf(entry);
    if (at > 0) queue.splice(at, 1);
    else if (at === 0 && !running) {
      queue.shift();
      cancelScheduled();
      if (queue.length > 0) start();
    }
  };
}

const queue: { task: () => unknown }[] = [];
let running = false;
let cancelScheduled = () => {};

function start() {
  if (document.readyState === "complete") schedule();
  else {
    window.addEventListener("load", schedule, { once: true });
    cancelScheduled = () => window.removeEventListener("load", schedule);
  }
}

function schedule() {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(runNext, { timeout: 5000 });
    cancelScheduled = () => window.cancelIdleCallback(id);
  } else {
    const id = window.setTimeout(runNext, 1000);
    cancelScheduled = () => window.clearTimeout(id);
  }
}

async function runNext() {
  const entry = queue[0];
  if (!entry) return;
  running = true;
  try {
    await entry.task();
  } catch {
    // A failed preload is tried again on first use.
  } finally {
    running = false;
    queue.shift();
    if (queue.length > 0) schedule();
  }
}
