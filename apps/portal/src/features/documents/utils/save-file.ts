/** Hands a downloaded file to the browser as a download under the server's file name. */
export function saveFile(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; free the memory afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
