import type { AdminDownload } from '../../../../core/contract';

/** The bytes of a download as the server sent them (text as is, XLSX as base64). */
export function downloadBlob(d: AdminDownload): Blob {
  if (d.encoding === 'utf8') return new Blob([d.content], { type: d.content_type });
  const bin = atob(d.content);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: d.content_type });
}

/** Hands a download to the browser as a file of its name. */
export function saveDownload(d: AdminDownload): void {
  const url = URL.createObjectURL(downloadBlob(d));
  const a = document.createElement('a');
  a.href = url;
  a.download = d.filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
