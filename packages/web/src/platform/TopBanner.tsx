import { useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * The height of the banners across the top of the app (0px when none shows), for what sits at the
 * top: the shell's padding, the menu button, sticky headers and full-height screens (issue 30).
 */
export const TOP_INSET = 'var(--vbc-top-inset, 0px)';

let stack: HTMLElement | null = null;

/** The one fixed column the banners stack in; its height is published as `--vbc-top-inset`. */
function topStack(): HTMLElement {
  if (stack) return stack;
  const element = document.createElement('div');
  element.dataset.testid = 'top-banners';
  Object.assign(element.style, { position: 'fixed', top: '0', left: '0', right: '0', zIndex: '1200' });
  document.body.appendChild(element);
  const publish = () => document.documentElement.style.setProperty('--vbc-top-inset', `${element.offsetHeight}px`);
  new ResizeObserver(publish).observe(element);
  publish();
  stack = element;
  return element;
}

/**
 * A notice across the top of the app that takes its own space (the offline banner, the push
 * question): the page, the menu button and sticky headers move down by its height, so it never
 * covers them, and nothing is left under it at the bottom (the composer, the navigation).
 */
export default function TopBanner({ children }: { children: ReactNode }) {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => setHost(topStack()), []);
  return host ? createPortal(children, host) : null;
}
