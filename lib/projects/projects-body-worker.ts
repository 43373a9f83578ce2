/**
 * Decodes and parses `/api/projects`' body off the page's main thread and sends it back in slices, then ranks
 * the long text columns (./read-projects-body.ts). Receives the body's bytes (a copy), answers with its
 * messages, and closes.
 */
import { bodyMessages, type BodyMessage } from "./projects-body";
import { indexPartsBuffers } from "./rows";

// The typed arrays are handed over, not copied.
function transferred(message: BodyMessage): ArrayBuffer[] {
  if (message.kind === "index") return indexPartsBuffers(message.parts);
  if (message.kind === "ranks") return [message.ranks.buffer as ArrayBuffer];
  return [];
}

self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  for (const message of bodyMessages(event.data)) {
    self.postMessage(message, { transfer: transferred(message) });
  }
  self.close();
};
