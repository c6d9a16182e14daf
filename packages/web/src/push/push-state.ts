/**
 * This device's push state for Settings and the prompts: the permission, and whether the server
 * has this device's subscription (docs/contracts.md §7 checkForPushSubscription). A small store outside React
 * (device state, not a server resource list), read with `usePushState`.
 */
import { useSyncExternalStore } from 'react';
import { isNativeApp } from '../native/bridge.ts';
import { checkForPushSubscription, pushPermission, webPushSupported } from './push-client.ts';

export interface TPushState {
  /** 'native' inside the iOS wrapper (APNs), 'web' where web push works, else 'none'. */
  channel: 'native' | 'web' | 'none';
  permission: NotificationPermission;
  /** The server has this device's subscription; null until checked. */
  subscribed: boolean | null;
}

let state: TPushState = { channel: 'none', permission: 'default', subscribed: null };
const listeners = new Set<() => void>();

function set(next: Partial<TPushState>): void {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

const channel = (): TPushState['channel'] => (isNativeApp() ? 'native' : webPushSupported() ? 'web' : 'none');

/** Re-reads the permission and asks the server; resolves to the new state. */
export async function refreshPushState(): Promise<TPushState> {
  set({ channel: channel(), permission: isNativeApp() ? state.permission : pushPermission() });
  try {
    const { result } = await checkForPushSubscription();
    set({ subscribed: result });
  } catch {
    // Push registration errors are only logged (docs/contracts.md §8); the state stays unknown.
  }
  return state;
}

/** Sets what is known without a round trip (after enabling, disabling, or a native answer). */
export function notePushState(next: Partial<TPushState>): void {
  set({ channel: channel(), ...next });
}

export function usePushState(): TPushState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}
