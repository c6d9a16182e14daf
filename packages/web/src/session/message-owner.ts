import { emitClientEvent, type TClientEvents } from '../platform/events.ts';
import { useSession } from './SessionContext.tsx';

/**
 * What "message this card's owner" does for the viewer (docs/contracts.md §5): signed in, the Send Message
 * window; signed out, sign-in first and then that window. `null` while a stored session is
 * still being checked: until the account is known the card may be the viewer's own, and a tap
 * would offer sign-in to someone who is signed in.
 */
export function useMessageOwner(contact: TClientEvents['sendMessage']['contact']): (() => void) | null {
  const { status } = useSession();
  if (status === 'checking') return null;
  const open = () => emitClientEvent('sendMessage', { contact });
  return status === 'signedIn' ? open : () => emitClientEvent('showLogin', { reason: 'sendMessage', onSignedIn: open });
}
