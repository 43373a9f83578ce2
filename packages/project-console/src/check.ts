import { writeFile } from "node:fs/promises";
import { CHECK_CASES } from "../../../lib/check/cases";
import { runCheck, secretSigner, summarise } from "../../../lib/check/run";
import type {
  CaseResult,
  CheckSigner,
  CheckSummary,
  CheckTransport,
} from "../../../lib/check/types";
import { DEFAULT_SCHEME, schemeId } from "../../../lib/signing/schemes";
import type { ConsoleConfig } from "./config";
import { callConsole, resolveEndpointId } from "./console-api";
import { sendOnce } from "./forward";
import { parseLocalUrl } from "./routes";

/**
 * `check URL`: grades a webhook handler on the cases of lib/check (docs/check.md), from the developer's own
 * machine, so localhost is allowed. `--secret` signs here; `--endpoint` asks the console to sign each body
 * with that endpoint's secret in its detected scheme (POST /api/webhooks/endpoints/:id/sign, as `trigger`
 * does), so the secret never leaves the server: about 14 small signing requests per run.
 */

export class CheckError extends Error {}

/** Plain HTTP through forward.ts's sender: header names go out in the case written (case 10 needs that). */
export const httpTransport: CheckTransport = async (request) => {
  const answer = await sendOnce(
    {
      url: new URL(request.url),
      method: request.method,
      headers: request.headers,
      body: Buffer.from(request.body ?? new Uint8Array()),
    },
    1,
    request.timeoutMs,
  );
  if (answer.status === undefined) {
    const error = answer.error ?? "no answer";
    throw new Error(error === "timeout" ? `timed out after ${request.timeoutMs / 1000} s` : error);
  }
  return {
    status: answer.status,
    headers: answer.headers ?? [],
    body: answer.bodyHead ?? new Uint8Array(),
    durationMs: answer.durationMs,
  };
};

/** "2,3" → [2, 3]; each a case number. */
export function parseOnly(text: string): number[] {
  const numbers = text.split(",").map((part) => part.trim());
  const known = CHECK_CASES.map((c) => c.number);
  const bad = numbers.filter((n) => !/^\d+$/.test(n) || !known.includes(Number(n)));
  if (bad.length > 0 || numbers.length === 0) {
    throw new CheckError(
      `--only "${text}": give case numbers 1 to ${known.length} separated by commas, e.g. --only 2,3.`,
    );
  }
  return [...new Set(numbers.map(Number))];
}

export interface CheckCommandOptions {
  url: string;
  endpoint?: string;
  secret?: string;
  scheme?: string;
  only?: string;
  /** Needed only with `--endpoint`. */
  config?: () => Promise<ConsoleConfig>;
  onResult: (result: CaseResult) => void;
}

export interface CheckCommandResult {
  url: string;
  scheme: string;
  results: CaseResult[];
  summary: CheckSummary;
}

async function signerFor(
  options: CheckCommandOptions,
): Promise<{ scheme: string; signer: CheckSigner }> {
  if (options.secret) {
    const scheme = options.scheme ?? schemeId(DEFAULT_SCHEME);
    try {
      return { scheme, signer: secretSigner(options.secret, scheme) };
    } catch (error) {
      // The sender's messages name the scheme or key form, never the secret.
      throw new CheckError(error instanceof Error ? error.message : String(error));
    }
  }
  const config = await options.config!();
  const id = await resolveEndpointId(config, options.endpoint!);
  let scheme = "";
  const signer: CheckSigner = async (body) => {
    const signed = await callConsole<{ scheme: string; headers: [string, string][] }>(
      config,
      `/api/webhooks/endpoints/${encodeURIComponent(id)}/sign`,
      { method: "POST", body: { bodyBase64: Buffer.from(body).toString("base64") } },
    );
    scheme = signed.scheme;
    return signed;
  };
  // One signature up front: the scheme for the report, and a console or endpoint problem said before any case runs.
  await signer(Buffer.from("{}"));
  return { scheme, signer };
}

/** A handler that answered nothing at all to the first case, for a reason other than slowness, is not there. */
function unreachable(first: CaseResult): string | null {
  if (first.exchanges.length === 0 || first.exchanges.some((e) => e.answer !== null)) return null;
  const error = first.exchanges[0]!.error ?? "no answer";
  return error.startsWith("timed out") ? null : error;
}

export async function check(options: CheckCommandOptions): Promise<CheckCommandResult> {
  const url = parseLocalUrl(options.url, "URL");
  if (options.secret && options.endpoint)
    throw new CheckError("Give --secret or --endpoint, not both.");
  if (!options.secret && !options.endpoint) {
    throw new CheckError("Say how to sign: --endpoint NAME|ID (the console signs) or --secret S.");
  }
  if (options.endpoint && options.scheme) {
    throw new CheckError(
      "--scheme goes with --secret: with --endpoint the console signs in the endpoint's detected scheme.",
    );
  }
  const only = options.only !== undefined ? parseOnly(options.only) : undefined;
  const { scheme, signer } = await signerFor(options);
  const results: CaseResult[] = [];
  for await (const result of runCheck({
    url: url.href,
    secret: "",
    scheme,
    signer,
    transport: httpTransport,
    ...(only ? { only } : {}),
  })) {
    if (results.length === 0) {
      const reason = unreachable(result);
      if (reason)
        throw new CheckError(`Cannot reach the handler at ${url.href} (${reason}). Is it running?`);
    }
    results.push(result);
    options.onResult(result);
  }
  return { url: url.href, scheme, results, summary: summarise(results) };
}

export async function writeJunit(file: string, xml: string): Promise<void> {
  try {
    await writeFile(file, xml);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "error";
    throw new CheckError(`Cannot write the JUnit report to ${file} (${code}).`);
  }
}
