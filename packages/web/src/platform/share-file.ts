/**
 * Web Share Level 2 for a download link (issue 29): where the browser's share sheet takes files
 * (`navigator.canShare({ files })`, iOS Safari and Android Chrome for the types they allow), the
 * file the link points at is fetched and handed to `navigator.share` as a File, so a .vcf lands
 * in Contacts instead of Downloads. Elsewhere the link downloads as it always did. Used by the
 * card page's boot script (a press before the app is there) and by the app's button alike.
 */

/** The attribute that marks a download link as shareable; its value is the file's media type. */
export const SHARE_FILE_ATTRIBUTE = 'data-share-file';

/** Whether the share sheet takes a file named `name` of `type`. */
export function canShareFile(name: string, type: string): boolean {
  try {
    return typeof navigator.share === 'function' && navigator.canShare?.({ files: [new File([''], name, { type })] }) === true;
  } catch {
    return false;
  }
}

/** Saves `href` as `name` through a link outside the page (no click handler of the page sees it). */
function download(href: string, name: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.click();
}

async function fetchAndShare(href: string, name: string, type: string): Promise<void> {
  const response = await fetch(href, { credentials: 'same-origin' }).catch(() => null);
  // A refusal (a PIN token gone stale) or no network: the download shows what the server says.
  if (!response?.ok) return download(href, name);
  const file = new File([await response.blob()], name, { type });
  try {
    await navigator.share({ files: [file] });
  } catch (error) {
    // The visitor closed the sheet: nothing to do. Any other refusal: keep the file as a download.
    if ((error as { name?: string } | null)?.name === 'AbortError') return;
    const url = URL.createObjectURL(file);
    download(url, name);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/**
 * Takes over a click on a shareable download link when the share sheet takes its file: returns
 * true when it did (the caller prevents the link's default), false to let the link download.
 */
export function shareLinkedFile(link: HTMLAnchorElement): boolean {
  const type = link.getAttribute(SHARE_FILE_ATTRIBUTE);
  const name = link.getAttribute('download') || 'download';
  if (!type || !canShareFile(name, type)) return false;
  void fetchAndShare(link.href, name, type);
  return true;
}
