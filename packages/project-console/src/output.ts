import pc from "picocolors";
import yoctoSpinner from "yocto-spinner";

/**
 * What the tool prints. For a person at a terminal: one aligned line per delivery on stdout, colour and a
 * spinner (only when stdout is a TTY, so a pipe or a log file gets plain text). With `--json`: one JSON
 * object per line on stdout, `type` first, for scripts; either way problems go to stderr as one line.
 */

export interface DeliveryLine {
  time: string;
  id: number | string;
  cursor?: string;
  event: string | null;
  endpoint: string;
  method: string;
  url: string;
  status?: number;
  error?: string;
  durationMs: number;
  attempts: number;
}

export interface Output {
  delivery(line: DeliveryLine): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string): void;
  waiting(text: string): void;
  stopWaiting(): void;
}

export function createOutput(options: { json: boolean }): Output {
  const tty = !options.json && process.stdout.isTTY === true;
  const colors = pc.createColors(tty);
  // The tool handles Ctrl-C itself (it finishes the delivery in hand): the spinner must not exit for it.
  const spinner = tty ? yoctoSpinner({ stream: process.stdout, handleSignals: false }) : null;
  let spinning = false;
  const stopSpinner = () => {
    if (spinning) spinner?.stop();
    spinning = false;
  };
  const print = (line: string) => {
    const wasSpinning = spinning;
    stopSpinner();
    process.stdout.write(`${line}\n`);
    if (wasSpinning) {
      spinner?.start();
      spinning = true;
    }
  };
  const status = (line: DeliveryLine) => {
    if (line.status === undefined) return colors.red(line.error ?? "failed");
    const text = String(line.status);
    if (line.status < 300) return colors.green(text);
    return line.status < 500 ? colors.yellow(text) : colors.red(text);
  };
  return {
    delivery(line) {
      if (options.json) return print(JSON.stringify({ type: "delivery", ...line }));
      const time = line.time.slice(11, 19);
      const retries = line.attempts > 1 ? colors.dim(` (${line.attempts} attempts)`) : "";
      print(
        `${colors.dim(time)}  ${(line.event ?? "(no event)").padEnd(18)} ${colors.cyan(line.endpoint.padEnd(12))} → ${status(line)}  ${String(line.durationMs).padStart(5)} ms  ${colors.dim(`${line.method} ${line.url}`)}${retries}`,
      );
    },
    info(message, data) {
      if (options.json) return print(JSON.stringify({ type: "info", message, ...data }));
      stopSpinner();
      process.stderr.write(`${colors.bold(message)}\n`);
    },
    warn(message) {
      stopSpinner();
      process.stderr.write(`${colors.yellow(message)}\n`);
    },
    waiting(text) {
      if (!spinner) return;
      spinner.text = text;
      if (!spinning) spinner.start();
      spinning = true;
    },
    stopWaiting: stopSpinner,
  };
}
