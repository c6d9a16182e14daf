/** QR's public surface: QR code PNGs for other domains (the operator's sheets). */
export { renderQrPng } from './render-qr.ts';
