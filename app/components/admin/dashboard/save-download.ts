import type { Download } from "#app/lib/api/admin-client.ts";

/** Hands a fetched file to the browser as a download under the name the server gave it. */
export function saveDownload({ blob, fileName }: Download) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
