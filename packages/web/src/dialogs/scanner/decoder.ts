import { SCANNER } from '@vbc/shared/constants';
import { ScannerError } from './scanner-errors.ts';

/** What is decoded: a camera's current video frame, or a chosen photo. */
export type TDecoderSource = HTMLVideoElement | ImageBitmap;

/** Decodes the QR codes of one video frame or picture: their texts. */
export type TDecoder = (source: TDecoderSource, canvas: HTMLCanvasElement) => Promise<string[]>;

const sizeOf = (source: TDecoderSource) =>
  source instanceof HTMLVideoElement
    ? { width: source.videoWidth, height: source.videoHeight }
    : { width: source.width, height: source.height };

interface TNativeDetector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type TNativeDetectorClass = (new (options: { formats: string[] }) => TNativeDetector) & { getSupportedFormats(): Promise<string[]> };

/**
 * The browser's BarcodeDetector when it reads QR codes; else zxing-wasm with docs/contracts.md §9's reader
 * defaults, its .wasm from our own bundle (never a CDN). Loaded only when the scanner opens; the
 * camera and a chosen photo share it (`decoderOnce`).
 */
export async function createDecoder(): Promise<TDecoder> {
  const Native = (window as unknown as { BarcodeDetector?: TNativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const formats = await Native.getSupportedFormats().catch(() => [] as string[]);
    if (formats.includes('qr_code')) {
      const detector = new Native({ formats: [...SCANNER.formats] });
      return async (source) => (await detector.detect(source)).map((b) => b.rawValue);
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
    return async (source, canvas) => {
      const { width, height } = sizeOf(source);
      if (!width || !height) return [];
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return [];
      context.drawImage(source, 0, 0, width, height);
      const results = await readBarcodes(context.getImageData(0, 0, width, height), { ...SCANNER.reader, formats: ['QRCode'] });
      return results.filter((r) => r.isValid).map((r) => r.text);
    };
  } catch {
    throw new ScannerError('notSupported');
  }
}

/** One decoder per scanner window: the camera loop and "Choose a photo" load it once. */
export function decoderOnce(): () => Promise<TDecoder> {
  let decoder: Promise<TDecoder> | null = null;
  return () => {
    decoder ??= createDecoder().catch((error: unknown) => {
      decoder = null;
      throw error;
    });
    return decoder;
  };
}

/** The QR codes of a chosen photo; a file that is not a picture throws the problem notAPicture. */
export async function decodePhoto(decode: TDecoder, file: Blob, canvas: HTMLCanvasElement): Promise<string[]> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ScannerError('notAPicture');
  }
  try {
    return await decode(bitmap, canvas);
  } finally {
    bitmap.close();
  }
}
