import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * Properties the browsers the app targets still need a -webkit- copy of (Safari before 18 for
 * backdrop-filter; Safari and Chrome on iOS for user-select and text-size-adjust).
 */
const WEBKIT_ONLY = /^(backdrop-filter|user-select|text-size-adjust|mask(-[a-z-]+)?|box-decoration-break|text-fill-color)$/;

/**
 * In place of stylis' full prefixer (emotion's default), which writes -moz-, -ms- and old
 * -webkit- copies of flex, transform and transition for browsers long gone: a third of the CSS a
 * server-rendered card page sends, all of it parsed and matched before the first paint (issue 13).
 */
const webkitWhereNeeded: StylisPlugin = (element) => {
  if (element.type === 'decl' && !element.return && typeof element.props === 'string' && WEBKIT_ONLY.test(element.props)) {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};

/**
 * The emotion cache of the app, in the browser and in the server renderer alike (the same CSS
 * for the same class names), so the browser adopts the styles the server put in the page. For a
 * right-to-left language (issue 31) the CSS is mirrored (stylis-plugin-rtl: left ↔ right,
 * margins, paddings, borders, transforms), under a key of its own ("rtl"; "css" for
 * left-to-right) so a page never mixes the two.
 */
export function createEmotionCache(direction: 'ltr' | 'rtl' = 'ltr'): EmotionCache {
  return direction === 'rtl'
    ? createCache({ key: 'rtl', stylisPlugins: [rtlPlugin as StylisPlugin, webkitWhereNeeded] })
    : createCache({ key: 'css', stylisPlugins: [webkitWhereNeeded] });
}
