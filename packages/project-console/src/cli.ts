import { createRequire } from "node:module";
import { createInterface } from "node:readline/promises";
import { Command, CommanderError, Option } from "commander";
import {
  configFile,
  ConfigError,
  consoleOrigin,
  loadConfig,
  removeConfig,
  saveConfig,
} from "./config";
import { check, CheckError, writeJunit } from "./check";
import {
  caseJsonLine,
  junitXml,
  summaryJsonLine,
  summaryLine,
  tableHeader,
  tableRow,
} from "./check-report";
import { callConsole, ConsoleError } from "./console-api";
import { listen, sinceOption } from "./listen";
import { createOutput } from "./output";
import { parseForwardRule, RuleError } from "./routes";
import { trigger, TriggerError } from "./trigger";
import { checkMatches, parseTimeout, waitForDelivery, WaitError } from "./wait";

/**
 * The `project-console` command: login, logout, listen, trigger, wait (docs/listen.md), check (docs/check.md). Every mistake a person can
 * make (an unknown option, a bad URL, no login, a revoked token, a console that cannot be reached) ends with
 * one line on stderr and exit code 1 (2 for `wait`, whose 1 means "timed out"); the token never appears in
 * any output.
 */

const { version } = createRequire(import.meta.url)("../package.json") as { version: string };

const collect = (value: string, previous: string[]) => [...previous, value];

/** `wait` exits 1 when nothing arrived in time, so any failure to wait at all exits with this instead. */
const WAIT_FAILED = 2;

/** An error of `wait`: reported like any other, with exit code WAIT_FAILED. */
class WaitFailure extends Error {
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

export function buildProgram(): Command {
  const program = new Command("project-console")
    .description("Forward Project Console's webhook deliveries to your own machine, byte for byte.")
    .version(version)
    .showSuggestionAfterError(true)
    .configureOutput({ outputError: (text, write) => write(text.split("\n")[0] + "\n") });

  program
    .command("login")
    .description(
      "Store the console's URL and an access token (Settings → Access tokens) in your config folder, mode 0600.",
    )
    .requiredOption("--url <url>", "the console's address, e.g. https://console.example.com")
    .option("--token <token>", "a pct_… access token (read from stdin when left out)")
    .action(async (options: { url: string; token?: string }) => {
      const url = consoleOrigin(options.url);
      const token = options.token ?? (await readToken());
      if (!token.startsWith("pct_"))
        throw new ConfigError("That is not an access token: they start with pct_.");
      // Checked before storing, so a typo is caught now rather than at the first listen.
      await callConsole({ url, token }, "/api/webhooks/endpoints");
      const file = await saveConfig({ url, token });
      process.stderr.write(`Logged in to ${url}; stored in ${file} (mode 0600).\n`);
    });

  program
    .command("logout")
    .description("Remove the stored URL and token.")
    .action(async () => {
      const removed = await removeConfig();
      process.stderr.write(
        removed ? `Removed ${configFile()}.\n` : "Not logged in: nothing to remove.\n",
      );
    });

  program
    .command("listen")
    .description(
      "Forward every delivery the console receives to a local URL, resuming where you left off.",
    )
    .requiredOption(
      "--forward-to <[glob=]url>",
      "local URL; repeatable, 'task.*=http://localhost:3000/tasks' routes by event, first match wins",
      collect,
      [],
    )
    .option("--endpoint <name|id>", "only this endpoint's deliveries")
    .option("--events <glob>", "only these events, e.g. 'task.*,project.created'")
    .option(
      "--since <1h|cursor>",
      "replay from a time ago (30m, 1h, 2d, an ISO time) or after a cursor",
    )
    .option(
      "--session <name>",
      "the server keeps one acknowledged cursor per token and session name",
      "default",
    )
    .option("--json", "one JSON object per line")
    .action(
      async (options: {
        forwardTo: string[];
        endpoint?: string;
        events?: string;
        since?: string;
        session: string;
        json?: boolean;
      }) => {
        const rules = options.forwardTo.map(parseForwardRule);
        const config = await loadConfig();
        const output = createOutput({ json: options.json === true });
        const stop = new AbortController();
        let interrupts = 0;
        const onSignal = () => {
          // The first Ctrl-C lets the delivery in hand finish and be reported; a second one leaves at once.
          if (++interrupts > 1) process.exit(130);
          output.info("Stopping…");
          stop.abort();
        };
        process.on("SIGINT", onSignal);
        process.on("SIGTERM", onSignal);
        await listen(
          config,
          {
            rules,
            endpoint: options.endpoint,
            events: options.events,
            session: options.session,
            signal: stop.signal,
            ...(options.since ? sinceOption(options.since) : {}),
          },
          output,
        );
        output.info("Stopped.");
      },
    );

  program
    .command("trigger")
    .description("Send a signed sample of an event straight to a local URL.")
    .argument(
      "<event>",
      "task.created, task.updated, task.completed, project.created, project.updated, project.completed, file.uploaded, client.invited or comment.created",
    )
    .requiredOption("--forward-to <url>", "the local URL to POST it to")
    .option("--endpoint <name|id>", "sign as this endpoint does, with its secret, on the console")
    .option("--secret <secret>", "sign here with this secret instead")
    .addOption(
      new Option(
        "--scheme <id>",
        "with --secret: the signature scheme, e.g. timestamp.body/base64/sha256=/raw",
      ).default("body/hex/none/raw"),
    )
    .option(
      "--set <path=value>",
      "change a field, e.g. data.title=Fix the roof (repeatable)",
      collect,
      [],
    )
    .option("--json", "print the result as one JSON object")
    .action(
      async (
        event: string,
        options: {
          forwardTo: string;
          endpoint?: string;
          secret?: string;
          scheme: string;
          set: string[];
          json?: boolean;
        },
      ) => {
        const result = await trigger({ event, ...options, config: () => loadConfig() });
        const { answer } = result;
        if (options.json) {
          process.stdout.write(
            `${JSON.stringify({ type: "trigger", event, url: result.url, scheme: result.scheme, status: answer.status, error: answer.error, durationMs: answer.durationMs })}\n`,
          );
        } else {
          const outcome =
            answer.status !== undefined ? String(answer.status) : (answer.error ?? "failed");
          process.stdout.write(
            `${event} → ${result.url}: ${outcome} in ${answer.durationMs} ms (signed ${result.scheme})\n`,
          );
        }
        if (answer.status === undefined || answer.status >= 300) process.exitCode = 1;
      },
    );

  program
    .command("wait")
    .description(
      "Wait for a delivery (for a handler's CI: trigger something in the service, then wait): print it as JSON and exit 0, or exit 1 when none arrives in time (2 for any other failure).",
    )
    .option("--event <name|glob>", "only this event, e.g. task.completed or 'task.*'")
    .option("--endpoint <name|id>", "only this endpoint's deliveries")
    .option(
      "--match <path=value>",
      "a field of the JSON body, e.g. data.task_id=123 (repeatable, all must hold; 123 matches the number and the string)",
      collect,
      [],
    )
    .option(
      "--after <cursor>",
      "deliveries after this cursor (a previous wait's, the list's or listen's); default: from now",
    )
    .option("--timeout <seconds>", "how long to wait, at most 280", "30")
    .exitOverride((error) => {
      throw error.exitCode === 0
        ? error
        : new CommanderError(WAIT_FAILED, error.code, error.message);
    })
    .action(
      async (options: {
        event?: string;
        endpoint?: string;
        match: string[];
        after?: string;
        timeout: string;
      }) => {
        try {
          const timeout = parseTimeout(options.timeout);
          checkMatches(options.match);
          const config = await loadConfig();
          const stop = new AbortController();
          const onSignal = () => stop.abort();
          process.once("SIGINT", onSignal);
          process.once("SIGTERM", onSignal);
          const found = await waitForDelivery(config, { ...options, timeout, signal: stop.signal });
          if (!found) {
            process.stderr.write(
              `project-console: no matching delivery arrived within ${timeout} s.\n`,
            );
            process.exitCode = 1;
            return;
          }
          process.stdout.write(`${JSON.stringify(found, null, 2)}\n`);
        } catch (error) {
          throw new WaitFailure(error);
        }
      },
    );

  program
    .command("check")
    .description(
      "Grade a webhook handler against every rule of the service (docs/check.md); exit 0 only when every required case passes.",
    )
    .argument("<url>", "the handler's URL, e.g. http://localhost:3000/webhooks")
    .option("--endpoint <name|id>", "sign as this endpoint does, with its secret, on the console")
    .option("--secret <secret>", "sign here with this secret instead")
    .option(
      "--scheme <id>",
      "with --secret: the signature scheme (default body/hex/none/raw), e.g. timestamp.body/base64/sha256=/raw",
    )
    .option("--only <numbers>", "run only these cases, e.g. 2,3")
    .option("--json", "one JSON object per line")
    .option("--junit <file>", "also write a JUnit XML report, one test case per check")
    .action(
      async (
        url: string,
        options: {
          endpoint?: string;
          secret?: string;
          scheme?: string;
          only?: string;
          json?: boolean;
          junit?: string;
        },
      ) => {
        const colour = !options.json && process.stdout.isTTY === true;
        let headed = false;
        const result = await check({
          url,
          ...options,
          config: () => loadConfig(),
          onResult: (caseResult) => {
            if (options.json) return process.stdout.write(`${caseJsonLine(caseResult)}\n`);
            if (!headed) process.stdout.write(`${tableHeader()}\n`);
            headed = true;
            process.stdout.write(`${tableRow(caseResult, colour)}\n`);
          },
        });
        if (options.json) {
          process.stdout.write(`${summaryJsonLine(result.url, result.scheme, result.summary)}\n`);
        } else {
          process.stdout.write(`${summaryLine(result.summary, colour)}\n`);
        }
        if (options.junit) await writeJunit(options.junit, junitXml(result));
        if (!result.summary.ok) process.exitCode = 1;
      },
    );

  return program;
}

async function readToken(): Promise<string> {
  if (process.stdin.isTTY) {
    const prompt = createInterface({ input: process.stdin, output: process.stderr });
    const token = await prompt.question("Access token (pct_…): ");
    prompt.close();
    return token.trim();
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").trim();
}

/** Our own errors are one line for a person; anything else is a bug, still one line. */
function expected(error: unknown): boolean {
  return [CheckError, ConfigError, ConsoleError, RuleError, TriggerError, WaitError].some(
    (kind) => error instanceof kind,
  );
}

export async function main(argv = process.argv): Promise<void> {
  const program = buildProgram().exitOverride();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode;
      return;
    }
    const cause = error instanceof WaitFailure ? error.reason : error;
    const message = cause instanceof Error ? cause.message : String(cause);
    process.stderr.write(
      `project-console: ${expected(cause) ? message : `unexpected error: ${message}`}\n`,
    );
    process.exitCode = error instanceof WaitFailure ? WAIT_FAILED : 1;
  }
}
