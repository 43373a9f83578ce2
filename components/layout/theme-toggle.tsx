"use client";

import { MonitorIcon, MoonIcon, SunIcon } from "lucide-react";
import { useTheme } from "next-themes";
import { Button } from "@/components/ui/button";
import { DeferredDropdownMenu } from "@/components/ui/deferred-dropdown-menu";
import { useHydrated } from "@/lib/ui/use-hydrated";

const THEMES = [
  { value: "light", label: "Light", Icon: SunIcon },
  { value: "dark", label: "Dark", Icon: MoonIcon },
  { value: "system", label: "System", Icon: MonitorIcon },
] as const;

/**
 * Switches the theme with colour transitions held back until the new colours have painted, so that buttons
 * and borders do not fade between themes one by one.
 */
function switchTheme(setTheme: (theme: string) => void, theme: string) {
  const root = document.documentElement;
  root.classList.add("theme-changing");
  setTheme(theme);
  requestAnimationFrame(() => requestAnimationFrame(() => root.classList.remove("theme-changing")));
}

/** Light, dark or the system's choice. The theme is only known in the browser, so the server renders "System". */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  const mounted = useHydrated();
  const current = THEMES.find((t) => mounted && t.value === theme) ?? THEMES[2];
  return (
    <DeferredDropdownMenu
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Theme: ${current.label}`}>
          <current.Icon />
        </Button>
      }
      content={(ui) => (
        <ui.DropdownMenuContent align="end" className="w-36">
          <ui.DropdownMenuLabel className="text-xs text-muted-foreground">
            Theme
          </ui.DropdownMenuLabel>
          <ui.DropdownMenuRadioGroup
            value={current.value}
            onValueChange={(value) => switchTheme(setTheme, value)}
          >
            {THEMES.map(({ value, label, Icon }) => (
              <ui.DropdownMenuRadioItem key={value} value={value}>
                <Icon />
                {label}
              </ui.DropdownMenuRadioItem>
            ))}
          </ui.DropdownMenuRadioGroup>
        </ui.DropdownMenuContent>
      )}
    />
  );
}
