import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until `restart(seconds)`'s deadline, ticking once a second
 * (0 when nothing runs). Used for the "Resend code" wait.
 */
export function useCountdown(): [number, (seconds: number) => void] {
  const [deadline, setDeadline] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(1000, deadline - now));
    return () => window.clearTimeout(timer);
  }, [deadline, now]);
  const restart = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setDeadline(at + seconds * 1000);
  }, []);
  return [Math.max(0, Math.ceil((deadline - now) / 1000)), restart];
}
