/**
 * Decodes and parses `/api/projects`' body off the page's main thread and sends it back in slices
 * (./read-projects-body.ts). Receives the body's bytes (a copy), answers with its messages.
 */
import { bodyMessages } from "./projects-body";
import { indexPartsBuffers } from "./rows";

self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  for (const message of bodyMessages(event.data)) {
    // The index's typed arrays are handed over, not copied.
    const transfer = message.kind === "index" ? indexPartsBuffers(message.parts) : [];
    self.postMessage(message, { transfer });
  }
};
