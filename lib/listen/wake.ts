/**
 * The receiver's in-process signal that a delivery was just stored, so this instance's listeners hear of it
 * at once instead of at the next poll. No imports: the receiver routes call it whether or not anyone
 * listens (the hub subscribes only while it has listeners).
 */
type Waker = () => void;

const KEY = Symbol.for("project-console.listen.wakers");
const holder = globalThis as unknown as { [KEY]?: Set<Waker> };

function wakers(): Set<Waker> {
  return (holder[KEY] ??= new Set());
}

export function onDeliveryStored(waker: Waker): () => void {
  wakers().add(waker);
  return () => wakers().delete(waker);
}

/** Passes the answer through, so a route can write `return deliveryStored(await receiveWebhook(…))`. */
export function deliveryStored<T>(answer: T): T {
  for (const waker of wakers()) waker();
  return answer;
}
