/** Hands a file to the browser's download, under its name. */
export function saveFile(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has the blob once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
