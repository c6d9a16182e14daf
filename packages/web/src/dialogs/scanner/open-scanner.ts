import { emitClientEvent } from '../../platform/events.ts';

/** Opens the camera QR scanner (for the menu and home; DialogHost shows it). */
export function openScanner(): void {
  emitClientEvent('scanQr');
}
