import { bodyMessages, fromMessages, receiveRanks, type BodyMessage } from "./projects-body";
import type { ProjectsResponse } from "./schema";

/**
 * Reading `/api/projects`' body without stalling the page: at 100,000 projects the body is 22.7 MB of JSON,
 * whose decoding and parsing take a phone's main thread most of a second in one piece (780 ms at Lighthouse's
 * 4× CPU slowdown), and the list is read again on every refetch. In a browser the bytes go to a worker
 * (./projects-body-worker.ts), which decodes and parses them and sends the projects back in slices: each
 * slice is a short task of its own, so a tap or a keystroke waits for one slice at most. It also makes the
 * table's index and ranks the long text columns (./projects-body.ts). Elsewhere (Node: the tests, scripts)
 * and for small bodies, the body is parsed in place.
 */

/** Below this many bytes, parsing in place is quicker than starting a worker. */
const IN_PLACE_MAX_BYTES = 256 * 1024;

/** The body as a projects answer, or undefined when it is not one (not JSON, or another shape). */
export async function readProjectsBody(
  response: Response,
  signal?: AbortSignal,
): Promise<ProjectsResponse | undefined> {
  let bytes: ArrayBuffer;
  try {
    bytes = await response.arrayBuffer();
  } catch (error) {
    // Cut off half-way: not a projects answer, unless the caller gave up on it.
    if (signal?.aborted) throw error;
    return undefined;
  }
  if (typeof Worker === "undefined" || bytes.byteLength <= IN_PLACE_MAX_BYTES) {
    return fromMessages(bodyMessages(bytes));
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./projects-body-worker.ts", import.meta.url));
    signal?.addEventListener(
      "abort",
      () => {
        worker.terminate();
        reject(signal.reason);
      },
      { once: true },
    );
    const received: BodyMessage[] = [];
    let answer: ProjectsResponse | undefined;
    let settled = false;
    const settle = (result: ProjectsResponse | undefined) => {
      settled = true;
      answer = result;
      resolve(result);
    };
    worker.onmessage = (event: MessageEvent<BodyMessage>) => {
      const message = event.data;
      // After the end come ranks for the list already shown; the worker closes itself after the last.
      if (settled) {
        if (answer) receiveRanks(answer, message);
        return;
      }
      received.push(message);
      if (message.kind === "end" || message.kind === "invalid") settle(fromMessages(received));
    };
    // A worker that cannot start (its script gone after a deploy, say) leaves the work to this thread; one
    // that fails while ranking leaves the columns to be ranked on a click.
    worker.onerror = () => {
      worker.terminate();
      if (!settled) settle(fromMessages(bodyMessages(bytes)));
    };
    // Copied rather than transferred, so that this thread still has the bytes if the worker fails.
    worker.postMessage(bytes);
  });
}
