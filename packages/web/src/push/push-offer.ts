import { isNativeApp } from '../native/bridge.ts';

/**
 * Does this incoming message offer push (the persistent snackbar of docs/contracts.md §4)? Yes when someone
 * else sent it, in a browser (not the iOS wrapper) that can notify and has not been told yes or
 * no. Small on purpose: the signed-in shell decides this before the push code has loaded.
 */
export function offersPush(message: unknown, myAccountId: string | null): boolean {
  const sender = (message as { senderAccountId?: string | null } | null)?.senderAccountId;
  return sender !== myAccountId && !isNativeApp() && 'Notification' in window && Notification.permission === 'default';
}
