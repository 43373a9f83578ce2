import { createElement } from "react";

/**
 * The Lighthouse bench's baseline (bench builds only, see next.config.js): the console's shell (layout,
 * header, session check) with nothing on the page, so `/projects` is compared with what every page costs.
 * A `.bench.ts` file, hence no JSX.
 */
export default function EmptyBenchPage() {
  return createElement("h1", { className: "text-lg font-semibold" }, "Empty page");
}
