import { describe, expect, it } from 'vitest';
import { renderHook, act } from '@testing-library/react';
import { trackNavigation, useNavigationInfo } from './navigation.ts';

type TState = { historyAction: 'POP' | 'PUSH' | 'REPLACE'; location: { key: string } };

/** A router stand-in: React Router keeps its history index in history.state.idx. */
function fakeRouter() {
  let listener: ((s: TState) => void) | null = null;
  const router = {
    state: { historyAction: 'POP', location: { key: 'k0' } } as TState,
    subscribe(fn: (s: TState) => void) {
      listener = fn;
      return () => (listener = null);
    },
    go(action: TState['historyAction'], key: string, idx: number) {
      window.history.replaceState({ idx, key }, '');
      router.state = { historyAction: action, location: { key } };
      listener?.(router.state);
    },
  };
  return router;
}

describe('back-navigation tracking', () => {
  it('tells back from forward and from a new page', () => {
    window.history.replaceState({ idx: 0, key: 'k0' }, '');
    const router = fakeRouter();
    const stop = trackNavigation(router);
    const { result } = renderHook(() => useNavigationInfo());
    expect(result.current).toEqual({ action: 'POP', arrivedByBack: false, initial: true });

    act(() => router.go('PUSH', 'k1', 1));
    expect(result.current).toMatchObject({ action: 'PUSH', arrivedByBack: false, initial: false });
    act(() => router.go('PUSH', 'k2', 2));
    act(() => router.go('POP', 'k1', 1)); // back button
    expect(result.current.arrivedByBack).toBe(true);
    act(() => router.go('POP', 'k2', 2)); // forward button
    expect(result.current).toMatchObject({ action: 'POP', arrivedByBack: false });
    stop();
  });
});
