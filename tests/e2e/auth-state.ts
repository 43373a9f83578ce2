import path from "node:path";
import { APP_PORT } from "../support/e2e-env";

/**
 * Where the `setup` project (auth.setup.ts) saves the admin's signed-in browser state, which every other spec
 * starts from. One file per app port so that parallel checkouts do not overwrite each other's session.
 * test-results/ is git-ignored.
 */
export const ADMIN_STORAGE_STATE = path.join("test-results", ".auth", `admin-${APP_PORT}.json`);

/** For specs that must run signed out: `test.use({ storageState: SIGNED_OUT })`. */
export const SIGNED_OUT = { cookies: [], origins: [] };
