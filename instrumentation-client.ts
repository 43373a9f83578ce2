import { cn } from "@/lib/utils";

/**
 * Runs in the browser before the app's own code (Next.js' client instrumentation), on every page.
 *
 * tailwind-merge builds its map of Tailwind's classes on its first call: 10–20 ms in a desktop's Chromium,
 * four times that on a mid-range phone. Left alone, that first call is `cn()` in the first component that
 * hydrates (the header's links), inside one of React's hydration tasks, which it makes long enough to block
 * input. Posted here as a message, it runs in a task of its own before React's hydration tasks (posted later
 * to the same queue), so hydration finds the map built.
 */
const channel = new MessageChannel();
channel.port1.onmessage = () => {
  cn("p-0");
  channel.port1.close();
};
channel.port2.postMessage(null);
