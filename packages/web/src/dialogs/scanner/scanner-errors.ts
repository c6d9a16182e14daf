/** docs/contracts.md §8 camera scanner errors, in words a person can act on. */
export const SCANNER_ERRORS = {
  insecure: 'The camera scanner needs a secure connection: open this page over HTTPS (or on localhost).',
  noStreamApi: 'This browser cannot give the page a camera stream (no getUserMedia support).',
  timeout: 'Timed out loading the camera stream.',
  notSupported: 'Barcode detection is not available in this browser (NotSupportedError).',
  denied: 'Camera permission was denied. Allow the camera for this site to scan QR codes.',
  noCamera: 'No camera was found on this device.',
  noCodeInPhoto: 'No QR code was found in this photo. Try a sharper or closer one.',
  notAPicture: 'This file could not be read as a picture.',
} as const;

/** A thrown scanner problem: its message is one of SCANNER_ERRORS. */
export class ScannerError extends Error {
  override name = 'ScannerError';
}

/** getUserMedia's rejection → the text to show. */
export function cameraErrorText(error: unknown): string {
  const name =
    error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException) ? (error as Error).name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return SCANNER_ERRORS.denied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return SCANNER_ERRORS.noCamera;
  if (name === 'NotSupportedError') return SCANNER_ERRORS.notSupported;
  if (error instanceof ScannerError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
