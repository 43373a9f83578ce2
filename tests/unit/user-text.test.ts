import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UserText } from "@/components/ui/user-text";
import { hasHiddenCharacters, visibleSegments, visibleText } from "@/lib/ui/visible-text";

function render(props: Parameters<typeof UserText>[0]): string {
  return renderToStaticMarkup(createElement(UserText, props));
}

describe("UserText", () => {
  it("shows a right-to-left override as a visible marker instead of applying it", () => {
    // "invoice_[U+202E]fdp.exe" would read "invoice_exe.pdf" if the override were applied.
    const html = render({ value: "invoice_\u202efdp.exe" });
    expect(html).not.toContain("\u202e");
    expect(html).toContain('data-hidden-character="U+202E"');
    expect(html).toContain(">U+202E</abbr>");
    expect(html).toContain('title="Right-to-left override (U+202E)"');
    expect(html).toMatch(/^<bdi [^>]*dir="auto"/);
    expect(html).toContain("invoice_");
    expect(html).toContain("fdp.exe");
  });

  it("shows markup as text, never as elements", () => {
    const html = render({ value: "<img src=x onerror=alert(1)>" });
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<img");
  });

  it("keeps the whole value in the title when truncating, with invisible characters written out", () => {
    const html = render({ value: "a-very-long-name\u0000@example.com", truncate: true });
    expect(html).toContain('title="a-very-long-name[␀]@example.com"');
    expect(html).toContain("truncate");
    expect(html).not.toContain("\u0000");
  });

  it("shows the fallback for an empty value and leaves plain text without a title", () => {
    expect(render({ value: "" })).toBe('<span class="text-muted-foreground">—</span>');
    expect(render({ value: null, fallback: "No name" })).toContain("No name");
    expect(render({ value: "Müller & Söhne" })).toBe(
      '<bdi data-slot="user-text" dir="auto">Müller &amp; Söhne</bdi>',
    );
  });
});

describe("visibleText", () => {
  it("marks controls, bidi formatting and zero-width characters, and keeps joiners of emoji and scripts", () => {
    expect(visibleText("a\tb\nc\u001bd\u007f")).toBe("a[␉]b[␊]c[␛]d[␡]");
    expect(visibleText("\u2066x\u2069\u200by\ufeff")).toBe("[U+2066]x[U+2069][U+200B]y[U+FEFF]");
    const family = "👨\u200d👩\u200d👧";
    expect(visibleText(family)).toBe(family);
    expect(hasHiddenCharacters(family)).toBe(false);
    expect(hasHiddenCharacters("x\u202ey")).toBe(true);
    expect(visibleSegments("ok")).toEqual([{ kind: "text", text: "ok" }]);
  });
});
