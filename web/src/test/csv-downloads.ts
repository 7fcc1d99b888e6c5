import { vi } from 'vitest';
import { parseCsv } from '../../../shared/csv';

export interface CsvDownload {
  fileName: string;
  rows: string[][];
}

/**
 * Catches the files the page saves (jsdom has no downloads): the Blob given to
 * `URL.createObjectURL` and the link's `download` name, read back as CSV rows.
 */
export function captureCsvDownloads(): { downloads: () => Promise<CsvDownload[]> } {
  const blobs = new Map<string, Blob>();
  const saved: Array<{ fileName: string; blob: Blob }> = [];
  let next = 0;
  // jsdom has no object URLs: give URL the two functions, then watch them.
  if (!('createObjectURL' in URL))
    Object.assign(URL, { createObjectURL: () => '', revokeObjectURL: () => undefined });
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
    const url = `blob:test/${(next += 1)}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => void blobs.delete(url));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob && this.download) saved.push({ fileName: this.download, blob });
  });
  return {
    downloads: () =>
      Promise.all(
        saved.map(async ({ fileName, blob }) => ({ fileName, rows: parseCsv(await blob.text()) })),
      ),
  };
}
