/**
 * Web NFC (issue 29 "Tap to share"): where the browser has `NDEFReader` (Chrome on Android), the
 * editor writes the card's short link to a tag as one URL record, and may lock the tag. Typed here:
 * TypeScript's DOM library has no Web NFC.
 */

/** What this module uses of an `NDEFReader`. */
export interface TNdefWriter {
  write(
    message: { records: { recordType: 'url'; data: string }[] },
    options?: { signal?: AbortSignal; overwrite?: boolean },
  ): Promise<void>;
  makeReadOnly(options?: { signal?: AbortSignal }): Promise<void>;
}

type TNdefWindow = Window & { NDEFReader?: new () => TNdefWriter };

/** Whether this browser can write NFC tags (the editor shows "Write to NFC tag" only then). */
export function hasWebNfc(): boolean {
  return typeof window !== 'undefined' && typeof (window as TNdefWindow).NDEFReader === 'function';
}

/** How long the phone waits for a tag before giving up. */
export const NFC_WAIT_MS = 30_000;

/** Why a write or a lock failed, in the words the editor shows. */
export const NFC_MESSAGES = {
  notAllowed: 'NFC is not allowed for this site. Allow NFC in your browser’s site settings, then try again.',
  notSupported: 'This phone cannot write NFC tags, or NFC is turned off. Turn NFC on in your phone’s settings, then try again.',
  timeout: 'No tag was found in time. Hold the tag flat against the back of your phone and try again.',
  readOnly: 'This tag is locked (read-only): it cannot be written. Use another tag.',
  other: 'The tag could not be written. Hold it still against your phone and try again.',
} as const;

/** The message for a failed write or lock; a read-only tag is recognised by its error's name or text. */
export function nfcErrorMessage(error: unknown, timedOut: boolean): string {
  const { name = '', message = '' } = (error ?? {}) as { name?: string; message?: string };
  if (/read.?only|not writable|locked/i.test(message)) return NFC_MESSAGES.readOnly;
  if (timedOut || name === 'AbortError' || name === 'TimeoutError') return NFC_MESSAGES.timeout;
  if (name === 'NotAllowedError') return NFC_MESSAGES.notAllowed;
  if (name === 'NotSupportedError') return NFC_MESSAGES.notSupported;
  // Chrome answers a write to a tag that refuses it (a locked one) with a NetworkError (an I/O error).
  if (name === 'NetworkError') return NFC_MESSAGES.readOnly;
  return NFC_MESSAGES.other;
}

/** Runs one NFC operation with a fresh reader and a time limit; rejects with the message to show. */
async function withTag(run: (reader: TNdefWriter, signal: AbortSignal) => Promise<void>): Promise<void> {
  const Reader = (window as TNdefWindow).NDEFReader;
  if (!Reader) throw new Error(NFC_MESSAGES.notSupported);
  const controller = new AbortController();
  let timedOut = false;
  const timer = window.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, NFC_WAIT_MS);
  try {
    await run(new Reader(), controller.signal);
  } catch (error) {
    throw new Error(nfcErrorMessage(error, timedOut));
  } finally {
    window.clearTimeout(timer);
  }
}

/** Writes `url` to the next tag held to the phone, as one URL record. */
export const writeUrlTag = (url: string): Promise<void> =>
  withTag((reader, signal) => reader.write({ records: [{ recordType: 'url', data: url }] }, { signal }));

/** Locks the next tag held to the phone for good (it can never be written again). */
export const lockTag = (): Promise<void> => withTag((reader, signal) => reader.makeReadOnly({ signal }));
