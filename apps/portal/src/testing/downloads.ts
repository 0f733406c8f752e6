import { vi } from 'vitest';

/** A file the page handed to the browser as a download. */
export interface RecordedDownload {
  blob: Blob;
  fileName: string;
}

/**
 * Records the downloads the page starts through the real `saveFile`: the object URL it makes of
 * the file and the hidden link it clicks, which jsdom cannot follow. The setup's
 * `vi.restoreAllMocks()` undoes it after each test.
 */
export function recordDownloads(): RecordedDownload[] {
  const downloads: RecordedDownload[] = [];
  const blobs = new Map<string, Blob>();
  let made = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    made += 1;
    const url = `blob:recorded/${made}`;
    // Not `instanceof Blob`: a fetched file's blob is Node's, jsdom's `Blob` another class.
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
    blobs.delete(url);
  });
  const click = HTMLAnchorElement.prototype.click;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob && this.download) downloads.push({ blob, fileName: this.download });
    else click.call(this);
  });
  return downloads;
}
