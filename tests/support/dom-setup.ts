import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Testing Library unmounts on its own only where the runner has globals; vitest here has none.
afterEach(cleanup);
