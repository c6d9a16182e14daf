import { useCallback, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

/** Moves the item at `from` to `to` (a new array). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * Drag to order with pointer events (mouse, touch and pen alike): press a
 * row's handle and move; the row takes the place of the row under the pointer
 * as it goes. Rows carry `rowProps(i)`, handles `handleProps(i)`; rows of one
 * list share a group, so nested lists (boards and their photos) stay apart.
 */
export function useDragSort(onMove: (from: number, to: number) => void) {
  const group = useId();
  const drag = useRef<number | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);

  const end = useCallback(() => {
    drag.current = null;
    setDragging(null);
  }, []);

  const handleProps = (index: number) => ({
    onPointerDown: (e: ReactPointerEvent<HTMLElement>) => {
      if (e.button !== 0) return;
      e.preventDefault();
      e.currentTarget.setPointerCapture(e.pointerId);
      drag.current = index;
      setDragging(index);
    },
    onPointerMove: (e: ReactPointerEvent<HTMLElement>) => {
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
    style: { touchAction: 'none', cursor: dragging === index ? 'grabbing' : 'grab' } as const,
  });

  const rowProps = (index: number) => ({ 'data-sort-group': group, 'data-sort-index': index, 'data-dragging': dragging === index ? 'true' : undefined });

  return { handleProps, rowProps, dragging };
}
