import fc from "fast-check";
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import type { CaseResult, CheckExchange } from "@/lib/check/types";
import { xmlText } from "@/lib/text/escape";
import { caseJsonLine, junitXml } from "../../packages/project-console/src/check-report";
import { hostileBytes, hostileText } from "../support/hostile";
import { pythonSplitlines } from "../support/splitlines";

/**
 * The check's reports turn a handler's answers (hostile bytes) into text a CI tool reads: the JUnit XML must
 * stay well-formed and say exactly what came back, whatever the handler sent. saxes is a strict XML 1.0 parser:
 * any character XML cannot hold, any broken markup, is an error.
 */

interface Element {
  name: string;
  attributes: Record<string, string>;
  text: string;
}

function parseXml(xml: string): Element[] {
  const parser = new SaxesParser();
  const elements: Element[] = [];
  const open: Element[] = [];
  parser.on("error", (error) => {
    throw error;
  });
  parser.on("opentag", (tag) => {
    const element = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      text: "",
    };
    elements.push(element);
    open.push(element);
  });
  parser.on("text", (text) => {
    if (open.length > 0) open.at(-1)!.text += text;
  });
  parser.on("closetag", () => void open.pop());
  parser.write(xml).close();
  return elements;
}

/** What xmlText wrote as text (XML cannot hold it) back to the characters: `\\` and `\uXXXX`. */
const unescape = (text: string) =>
  text.replace(/\\(\\|u[0-9a-f]{4})/g, (_, escape: string) =>
    escape === "\\" ? "\\" : String.fromCharCode(parseInt(escape.slice(1), 16)),
  );

/** Raw characters that reorder, hide or break lines (the references stay; a viewer decodes them knowingly). */
const RAW_UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\ufffe\uffff]/u;

describe("xmlText", () => {
  it("property: in an attribute and as content, strict XML parsers read back exactly the input", () => {
    fc.assert(
      fc.property(hostileText(12), (value) => {
        const escaped = xmlText(value);
        expect(escaped).not.toMatch(RAW_UNSAFE);
        const [element] = parseXml(`<a v="${escaped}" w='${escaped}'>${escaped}</a>`);
        expect(unescape(element!.attributes.v!)).toBe(value);
        expect(unescape(element!.attributes.w!)).toBe(value);
        expect(unescape(element!.text)).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it("writes entities, references and, for what XML cannot hold, visible escapes", () => {
    expect(xmlText(`<a href="x">&'\\`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;\\\\");
    expect(xmlText("a\u0000b\tc\u202ed\ud800")).toBe("a\\u0000b&#x9;c&#x202e;d\\ud800");
    expect(xmlText("Saint-Étienne 東京 🚀")).toBe("Saint-Étienne 東京 🚀");
  });
});

const exchange = (bodyHead: string, label: string): CheckExchange => ({
  label,
  request: {
    method: "POST",
    headers: [["X-Webhook-Signature", "abc"]],
    bodyBytes: 10,
    bodySha256: "0".repeat(64),
  },
  answer: { status: 500, headers: [], bodyHead, durationMs: 3 },
  error: null,
});

const hostileResult = fc.record({
  verdict: fc.constantFrom("pass" as const, "warn" as const, "fail" as const, "info" as const),
  got: hostileText(),
  bodyHead: hostileBytes().map((bytes) => Buffer.from(bytes).toString("utf8")),
  label: hostileText(4),
});

describe("junitXml", () => {
  it("property: one well-formed test case per check, failures counted, the handler's answer read back exactly", () => {
    fc.assert(
      fc.property(
        fc.array(hostileResult, { minLength: 1, maxLength: 4 }),
        hostileText(),
        (inputs, url) => {
          const results: CaseResult[] = inputs.map((input, i) => ({
            number: i + 1,
            id: "wrong-signature",
            title: "Wrong signature",
            expected: "4xx",
            got: input.got,
            verdict: input.verdict,
            fix: input.verdict === "fail" || input.verdict === "warn" ? "Verify it." : null,
            exchanges: [exchange(input.bodyHead, input.label)],
          }));
          const failed = results.filter((r) => r.verdict === "fail").length;
          const summary = { passed: 0, warned: 0, failed, info: 0, ok: failed === 0 };
          const elements = parseXml(
            junitXml({ url, scheme: "body/hex/none/raw", results, summary }),
          );
          const cases = elements.filter((e) => e.name === "testcase");
          expect(cases).toHaveLength(results.length);
          expect(elements.find((e) => e.name === "testsuites")!.attributes.failures).toBe(
            String(failed),
          );
          const failures = elements.filter((e) => e.name === "failure");
          expect(failures).toHaveLength(failed);
          for (const failure of failures)
            expect(unescape(failure.attributes.message!)).toMatch(/^expected 4xx, got /);
          const outputs = elements
            .filter((e) => e.name === "system-out")
            .map((e) => unescape(e.text));
          inputs.forEach((input, i) => {
            expect(outputs[i]).toContain(input.bodyHead);
            expect(outputs[i]).toContain(input.got);
          });
          const url_ = elements.find((e) => e.name === "property" && e.attributes.name === "url")!;
          expect(unescape(url_.attributes.value!)).toBe(url);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("JSON lines", () => {
  it("property: a case with any answer body is one line for every reader and reads back", () => {
    fc.assert(
      fc.property(hostileText(), (bodyHead) => {
        const result: CaseResult = {
          number: 2,
          id: "wrong-signature",
          title: "Wrong signature",
          expected: "4xx",
          got: "200",
          verdict: "fail",
          fix: "Verify it.",
          exchanges: [exchange(bodyHead, "wrong signature")],
        };
        const line = caseJsonLine(result);
        expect(pythonSplitlines(`${line}\n`)).toHaveLength(1);
        const back = JSON.parse(line) as CaseResult & { type: string };
        expect(back.type).toBe("case");
        expect(back.exchanges[0]!.answer!.bodyHead).toBe(JSON.parse(JSON.stringify(bodyHead)));
      }),
      { numRuns: 500 },
    );
  });
});
