import { chmod, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import envPaths from "env-paths";

/**
 * Where the tool finds the console and its access token: PROJECT_CONSOLE_URL and PROJECT_CONSOLE_TOKEN win
 * (CI, one-off shells), else what `login` stored in the user's config folder (XDG_CONFIG_HOME or
 * ~/.config/project-console on Linux, ~/Library/Preferences on macOS, %APPDATA% on Windows). The file holds
 * a token, so it is written with mode 0600 in a 0700 folder, atomically (a crash never leaves half a file).
 */

export interface ConsoleConfig {
  url: string;
  token: string;
}

export function configFile(): string {
  return path.join(envPaths("project-console", { suffix: "" }).config, "config.json");
}

export class ConfigError extends Error {}

/** The console's origin from what a person typed: an http(s) URL, its path and query dropped. */
export function consoleOrigin(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(
      `"${url}" is not a URL: give the console's address, e.g. https://console.example.com.`,
    );
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new ConfigError(`"${url}" is not an http or https URL.`);
  }
  return parsed.origin;
}

async function storedConfig(): Promise<Partial<ConsoleConfig>> {
  try {
    const parsed = JSON.parse(await readFile(configFile(), "utf8")) as Partial<ConsoleConfig>;
    return typeof parsed === "object" && parsed ? parsed : {};
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new ConfigError(`Cannot read ${configFile()}: run project-console login again.`);
  }
}

/** The console to talk to; a clear ConfigError when there is none. */
export async function loadConfig(
  env: Record<string, string | undefined> = process.env,
): Promise<ConsoleConfig> {
  const stored = await storedConfig();
  const url = env.PROJECT_CONSOLE_URL || stored.url;
  const token = env.PROJECT_CONSOLE_TOKEN || stored.token;
  if (!url || !token) {
    throw new ConfigError(
      "Not logged in: run project-console login --url <console URL> --token <pct_… token>, or set PROJECT_CONSOLE_URL and PROJECT_CONSOLE_TOKEN.",
    );
  }
  return { url: consoleOrigin(url), token };
}

export async function saveConfig(config: ConsoleConfig): Promise<string> {
  const file = configFile();
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // writeFile's mode applies only when it creates the file, and the umask may narrow it: set it outright.
  await chmod(temporary, 0o600);
  await rename(temporary, file);
  return file;
}

/** Removes the stored URL and token; true when there was something to remove. */
export async function removeConfig(): Promise<boolean> {
  const file = configFile();
  const existed = await readFile(file).then(
    () => true,
    () => false,
  );
  await rm(file, { force: true });
  return existed;
}
