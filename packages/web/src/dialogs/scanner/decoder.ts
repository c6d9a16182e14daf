import { SCANNER } from '@vbc/shared/constants';
import { SCANNER_ERRORS, ScannerError } from './scanner-errors.ts';

/** Decodes the QR codes of one video frame: their texts. */
export type TDecoder = (frame: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string[]>;

interface TNativeDetector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type TNativeDetectorClass = (new (options: { formats: string[] }) => TNativeDetector) & { getSupportedFormats(): Promise<string[]> };

/**
 * The browser's BarcodeDetector when it reads QR codes; else zxing-wasm with docs/contracts.md §9's reader
 * defaults, its .wasm from our own bundle (never a CDN). Loaded only when the scanner opens.
 */
export async function createDecoder(): Promise<TDecoder> {
  const Native = (window as unknown as { BarcodeDetector?: TNativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const formats = await Native.getSupportedFormats().catch(() => [] as string[]);
    if (formats.includes('qr_code')) {
      const detector = new Native({ formats: [...SCANNER.formats] });
      return async (frame) => (await detector.detect(frame)).map((b) => b.rawValue);
    }
  }
  try {
    const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
      import('zxing-wasm/reader'),
      import('zxing-wasm/reader/zxing_reader.wasm?url'),
    ]);
    await prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
      fireImmediately: true,
    });
    return async (frame, canvas) => {
      const width = frame.videoWidth;
      const height = frame.videoHeight;
      if (!width || !height) return [];
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return [];
      context.drawImage(frame, 0, 0, width, height);
      const results = await readBarcodes(context.getImageData(0, 0, width, height), { ...SCANNER.reader, formats: ['QRCode'] });
      return results.filter((r) => r.isValid).map((r) => r.text);
    };
  } catch {
    throw new ScannerError(SCANNER_ERRORS.notSupported);
  }
}
