import { htmlText, jsonText } from "@/lib/text/escape";
import { utcMinute } from "@/lib/ui/utc-time";
import { MASK, type SharedDelivery } from "@/lib/webhooks/shared/share/redact";

/**
 * The shared delivery page (/s/<token>) as one HTML document, written here rather than by React: it is
 * served by a route handler, so it can answer 404 and 429 with their status and headers, and it carries no
 * script, no RSC payload and fetches nothing. What it shows is the redacted SharedDelivery only; every
 * stored byte goes through htmlText. The look follows the console's tokens (app/globals.css), light and dark.
 */

const TREE_MAX_NODES = 2_000;

const STYLE = `
:root{color-scheme:light dark;--bg:oklch(0.985 0.001 286);--fg:oklch(0.21 0.006 285.9);--card:oklch(1 0 0);--muted:oklch(0.967 0.001 286.4);--muted-fg:oklch(0.5 0.014 285.9);--border:oklch(0.92 0.004 286.3);--ok:oklch(0.47 0.12 152);--bad:oklch(0.5 0.2 27.3);--warn:oklch(0.48 0.11 62)}
@media (prefers-color-scheme:dark){:root{--bg:oklch(0.17 0.004 285.9);--fg:oklch(0.96 0.002 286.3);--card:oklch(0.2 0.005 285.9);--muted:oklch(0.25 0.006 286);--muted-fg:oklch(0.72 0.012 286);--border:oklch(1 0 0 / 10%);--ok:oklch(0.75 0.14 155);--bad:oklch(0.74 0.16 22);--warn:oklch(0.8 0.13 75)}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:960px;margin:0 auto;padding:24px 16px 48px}
h1{font-size:18px;font-weight:600;margin:0 0 4px;overflow-wrap:anywhere}h2{font-size:13px;font-weight:600;margin:0 0 8px}
.muted{color:var(--muted-fg)}.small{font-size:12px}
.card{background:var(--card);border:1px solid var(--border);border-radius:8px;padding:16px;margin-top:16px}
.banner{border:1px solid var(--border);background:var(--muted);border-radius:8px;padding:10px 12px;font-size:13px;margin-top:16px}
.badge{display:inline-block;border:1px solid var(--border);border-radius:999px;padding:0 8px;font-size:12px;font-weight:500;white-space:nowrap}
.ok{color:var(--ok)}.bad{color:var(--bad)}.warn{color:var(--warn)}
.facts{display:flex;flex-wrap:wrap;gap:6px;margin-top:8px}
table{width:100%;border-collapse:collapse;font:12px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace}
td{border-top:1px solid var(--border);padding:4px 8px 4px 0;vertical-align:top;overflow-wrap:anywhere}td:first-child{width:35%;color:var(--muted-fg)}
pre{margin:0;padding:12px;background:var(--muted);border-radius:6px;overflow:auto;font:12px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace;white-space:pre-wrap;overflow-wrap:anywhere}
.tree{font:12px/1.6 ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:anywhere}.tree ul{list-style:none;margin:0;padding-left:16px;border-left:1px solid var(--border)}.tree>ul{padding-left:0;border:0}
.tree summary{cursor:pointer}.key{color:var(--muted-fg)}.mask{color:var(--warn);font-weight:500}
ul.findings{margin:0;padding-left:18px}
`;

function escape(text: string): string {
  return htmlText(text);
}

function verdictBadge(result: string): string {
  const tone = result === "verified" ? "ok" : result === "no_secret" ? "warn" : "bad";
  return `<span class="badge ${tone}">${escape(result.replaceAll("_", " "))}</span>`;
}

function valueHtml(value: unknown): string {
  if (value === MASK) return `<span class="mask">${escape(MASK)}</span>`;
  return escape(jsonText(value));
}

/** The body as a tree of nested lists (open, no script), bounded to TREE_MAX_NODES rows. */
function treeHtml(root: unknown): string {
  let budget = TREE_MAX_NODES;
  const node = (key: string | null, value: unknown): string => {
    if (budget <= 0) return "";
    budget -= 1;
    const label = key === null ? "" : `<span class="key">${escape(key)}</span>: `;
    if (value === null || typeof value !== "object") return `<li>${label}${valueHtml(value)}</li>`;
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    const kind = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
    const children = entries.map(([childKey, item]) => node(childKey, item)).join("");
    return `<li><details open><summary>${label}<span class="muted">${kind}</span></summary><ul>${children}</ul></details></li>`;
  };
  const rows = node(null, root);
  const cut =
    budget <= 0
      ? `<p class="muted small">The tree stops at ${TREE_MAX_NODES} rows; the raw body below has it all.</p>`
      : "";
  return `<div class="tree"><ul>${rows}</ul></div>${cut}`;
}

function bodyHtml(delivery: SharedDelivery): string {
  const { body } = delivery;
  if (body.kind === "hidden") {
    return `<p class="muted">The body is hidden by whoever shared this delivery.</p>`;
  }
  if (body.kind === "json") {
    return `<h2>Body</h2>${treeHtml(body.value)}<h2 style="margin-top:16px">Raw</h2><pre>${escape(jsonText(body.value, 2))}</pre>`;
  }
  const note =
    body.kind === "base64" ? `<p class="muted small">Not UTF-8 text: shown as base64.</p>` : "";
  return `<h2>Body</h2>${note}<pre>${escape(body.text)}</pre>`;
}

function redactionNote(delivery: SharedDelivery): string {
  const { redactions } = delivery;
  const parts: string[] = [];
  if (redactions.headers.length > 0) parts.push(`headers ${redactions.headers.join(", ")}`);
  if (redactions.body) parts.push("the whole body");
  else if (!redactions.bodyNotJson && redactions.paths.length > 0) {
    parts.push(`body fields ${redactions.paths.join(", ")}`);
  }
  if (parts.length === 0) return "";
  return `<div class="banner">Masked by whoever shared it: ${escape(parts.join("; "))}.</div>`;
}

function page(title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${content}</main></body></html>`;
}

export function sharedDeliveryHtml(delivery: SharedDelivery, expiresAt: string): string {
  const headerRows = delivery.headers
    .map(
      ([name, value]) =>
        `<tr><td>${escape(name)}</td><td>${value === MASK ? `<span class="mask">${MASK}</span>` : escape(value)}</td></tr>`,
    )
    .join("");
  const findings =
    delivery.findings.length === 0
      ? `<p class="muted">No findings.</p>`
      : `<ul class="findings">${delivery.findings.map((finding) => `<li>${escape(finding.message)} <span class="muted small">${escape(finding.code)}</span></li>`).join("")}</ul>`;
  const title = delivery.event ?? "Webhook delivery";
  const content = `
<p class="muted small">Shared webhook delivery · read-only</p>
<h1>${escape(title)}</h1>
<p class="muted small">Received <time datetime="${escape(delivery.receivedAt)}">${escape(utcMinute(delivery.receivedAt))}</time> at endpoint ${escape(delivery.endpointId)}</p>
<div class="facts">${verdictBadge(delivery.verification.result)}
<span class="badge">${escape(delivery.method)}</span>
<span class="badge">answered ${delivery.response.status}</span>
<span class="badge">attempt ${delivery.attempt}</span>
<span class="badge">${delivery.size} bytes</span>
${delivery.verification.scheme ? `<span class="badge">${escape(delivery.verification.scheme)}</span>` : ""}</div>
<div class="banner">This link expires <time datetime="${escape(expiresAt)}">${escape(utcMinute(expiresAt))}</time>.</div>
${redactionNote(delivery)}
<section class="card"><h2>Findings</h2>${findings}</section>
<section class="card"><h2>Headers</h2><table><tbody>${headerRows}</tbody></table>${delivery.query ? `<p class="small"><span class="muted">Query</span> <code>${escape(delivery.query)}</code></p>` : ""}</section>
<section class="card">${bodyHtml(delivery)}</section>`;
  return page(`Shared delivery: ${title}`, content);
}

/** One page for an unknown, expired or revoked link alike, so a visitor cannot tell which. */
export function sharedNotFoundHtml(): string {
  return page(
    "Link not found",
    `<h1>This link does not open anything</h1><p class="muted">It may be mistyped, expired or revoked. Ask whoever shared it for a new one.</p>`,
  );
}

export function sharedRateLimitedHtml(message: string): string {
  return page(
    "Too many requests",
    `<h1>Too many requests</h1><p class="muted">${escape(message)}</p>`,
  );
}
