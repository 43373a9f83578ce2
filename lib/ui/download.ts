/**
 * Starts a download of text made in the browser (the exports); nothing is sent anywhere. The object URL is
 * revoked a moment after the click, once the download has its own copy.
 */
export function downloadText(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
