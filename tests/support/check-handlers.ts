/**
 * Three real webhook handlers for the "Check a handler" tests (issue 33's Proof): correct, naive and fragile.
 * Signature stub: the implementation follows on branch i33core.
 */

export type CheckHandlerKind = "correct" | "naive" | "fragile";

export interface StartedCheckHandler {
  url: string;
  close(): Promise<void>;
}

export async function startCheckHandler(
  kind: CheckHandlerKind,
  options: { secret: string; scheme?: string },
): Promise<StartedCheckHandler> {
  void kind;
  void options;
  throw new Error("startCheckHandler: not implemented yet");
}
