/** Hands a built file (a Blob, or UTF-8 parts from the reports worker) to the browser as a download. */
export function saveFile(content: Blob | readonly BlobPart[], fileName: string, type = 'application/octet-stream'): void {
  const blob = content instanceof Blob ? content : new Blob(content as BlobPart[], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has started from the URL; revoking at once can cut it short in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
