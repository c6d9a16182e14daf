/** Business constants and limits of docs/contracts.md §9, in one place for server and web. */

export const PRODUCT_NAME = 'V.B.C.';
export const WEB_BASE_PATH = '/vbc/';
export const DEFAULT_ACCENT_COLOR = '#282832';

export const NAME_MIN_LENGTH = 3;
export const PHONE_MIN_LENGTH = 9;
export const PHONE_PREFIX = '09';
export const ADOPTION_CODE_LENGTH = 8;

export const TOAST_MS = 3000;
export const ADOPTED_EVENT_DELAY_MS = 2000;
export const PIN_MODAL_CLOSE_MS = 1500;
export const PIN_INPUT_FOCUS_MS = 200;

export const DIALOG_MAX_WIDTH = 440;
export const ANNOUNCEMENT_DIALOG_MAX_WIDTH = 500;
export const SMALL_DIALOG_MAX_WIDTH = 400;
export const CORPORATE_DIALOG_MAX_WIDTH = 440;
export const ANNOUNCEMENT_HEADER_MAX_HEIGHT = 150;
export const UNREAD_BADGE_OVERFLOW = '5+';

export const QR = {
  /** Default edge in px for QR codes in app dialogs. */
  size: 300,
  /** The vCard QR is larger: it carries the whole card. */
  vcardSize: 600,
  errorCorrectionLevel: 'L',
  imageSize: 0.4,
  dotsType: 'dots',
  /** Dark indigo of the dots. */
  dotsColor: '#1a237e',
} as const;

export const HUB = {
  path: '/personalHub',
  serverTimeoutMs: 30_000,
  keepAliveIntervalMs: 15_000,
  reconnectDelaysMs: [0, 2_000, 10_000, 30_000],
  longPollTimeoutMs: 100_000,
  requestTimeoutMs: 100_000,
  redirectLimit: 100,
  reconnectBufferBytes: 100_000,
  /**
   * Server-to-client hub method, no arguments: the server may have dropped real-time events (its
   * Redis backplane was away and is back); catch up over HTTP as after a reconnect.
   */
  resyncMethod: 'Resync',
} as const;

export const BREAKPOINTS = { xs: 0, sm: 420, md: 640, lg: 960, xl: 1980 } as const;

/** Ids that must never be handed out as a quickId: they are first path segments of docs/contracts.md §2 routes. */
export const RESERVED_ROUTE_WORDS = [
  'edit',
  'directory',
  'p',
  'pedit',
  'messages',
  'others',
  'settings',
  'directories',
  'announcements',
  'announcement',
  'leads',
  'order',
  'assets',
  'api',
  'ds',
] as const;

/** docs/contracts.md §9 camera scanner constants. */
export const SCANNER = {
  /** Minimum delay between two decode attempts. */
  scanDelayMs: 500,
  /** … while a code is being tracked (one was seen in the last frame). */
  trackingDelayMs: 40,
  /** The camera stream must start playing within this, then settles for `settleMs`. */
  loadTimeoutMs: 6000,
  settleMs: 500,
  facingMode: 'environment',
  /** Default format (BarcodeDetector name). */
  formats: ['qr_code'],
  /** Barcode reader defaults (zxing-wasm ReaderOptions). */
  reader: {
    tryHarder: true,
    tryRotate: true,
    tryInvert: true,
    tryDownscale: true,
    downscaleFactor: 3,
    downscaleThreshold: 500,
    minLineCount: 2,
    maxNumberOfSymbols: 255,
  },
} as const;
