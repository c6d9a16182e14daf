import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';

/** Moves the item at `from` to `to` (a new array). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** How long a finger rests on a hold-to-drag handle before the drag starts, and how far it may wander meanwhile. */
export const TOUCH_HOLD_MS = 300;
const TOUCH_SLOP_PX = 8;

/**
 * Drag to order with pointer events (mouse, touch and pen alike): press a
 * row's handle and move; the row takes the place of the row under the pointer
 * as it goes. Rows carry `rowProps(i)`, handles `handleProps(i)`; rows of one
 * list share a group, so nested lists (boards and their photos) stay apart.
 *
 * With `holdOnTouch` (handles as large as a photo) a finger must rest
 * TOUCH_HOLD_MS before the drag starts, so a swipe across them still scrolls
 * the page on a phone; a mouse or pen drags at once.
 */
export function useDragSort(onMove: (from: number, to: number) => void, { holdOnTouch = false } = {}) {
  const group = useId();
  const drag = useRef<number | null>(null);
  const hold = useRef<{ timer: number; x: number; y: number } | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);

  const cancelHold = useCallback(() => {
    if (hold.current) window.clearTimeout(hold.current.timer);
    hold.current = null;
  }, []);

  const end = useCallback(() => {
    cancelHold();
    drag.current = null;
    setDragging(null);
  }, [cancelHold]);

  useEffect(() => cancelHold, [cancelHold]);

  /**
   * A dragging finger must not scroll the page, and touch-action cannot change mid-gesture:
   * a touchmove listener that can cancel sits on each hold-to-drag handle from the start
   * (Chromium only lets a touch sequence be cancelled where one was present at touchstart).
   */
  const stopScrollWhileDragging = useCallback((el: HTMLElement | null) => {
    if (!el) return;
    const block = (e: TouchEvent) => {
      if (drag.current !== null) e.preventDefault();
    };
    el.addEventListener('touchmove', block, { passive: false });
    return () => el.removeEventListener('touchmove', block);
  }, []);

  const start = (el: HTMLElement, pointerId: number, index: number) => {
    try {
      el.setPointerCapture(pointerId);
    } catch {
      return; // the finger has already lifted
    }
    drag.current = index;
    setDragging(index);
  };

  const handleProps = (index: number) => ({
    ref: holdOnTouch ? stopScrollWhileDragging : undefined,
    onPointerDown: (e: ReactPointerEvent<HTMLElement>) => {
      if (e.button !== 0) return;
      if (holdOnTouch && e.pointerType === 'touch') {
        cancelHold();
        const el = e.currentTarget;
        const { pointerId } = e;
        hold.current = {
          x: e.clientX,
          y: e.clientY,
          timer: window.setTimeout(() => {
            hold.current = null;
            start(el, pointerId, index);
            navigator.vibrate?.(10);
          }, TOUCH_HOLD_MS),
        };
        return;
      }
      e.preventDefault();
      start(e.currentTarget, e.pointerId, index);
    },
    onPointerMove: (e: ReactPointerEvent<HTMLElement>) => {
      const pending = hold.current;
      if (pending && Math.hypot(e.clientX - pending.x, e.clientY - pending.y) > TOUCH_SLOP_PX) cancelHold();
      const from = drag.current;
      if (from === null) return;
      const over = document.elementFromPoint(e.clientX, e.clientY)?.closest(`[data-sort-group="${CSS.escape(group)}"]`);
      if (!over) return;
      const to = Number(over.getAttribute('data-sort-index'));
      if (Number.isInteger(to) && to !== from) {
        onMove(from, to);
        drag.current = to;
        setDragging(to);
      }
    },
    onPointerUp: end,
    onPointerCancel: end,
    onLostPointerCapture: end,
    // A held finger would otherwise open the picture's menu (Android) or callout (iOS).
    onContextMenu: (e: ReactMouseEvent<HTMLElement>) => {
      if (holdOnTouch && (hold.current || drag.current !== null)) e.preventDefault();
    },
    style: {
      touchAction: holdOnTouch ? 'manipulation' : 'none',
      WebkitTouchCallout: 'none',
      cursor: dragging === index ? 'grabbing' : 'grab',
    } as const,
  });

  const rowProps = (index: number) => ({
    'data-sort-group': group,
    'data-sort-index': index,
    'data-dragging': dragging === index ? 'true' : undefined,
  });

  return { handleProps, rowProps, dragging };
}
