/** The id of the <script type="application/json"> element holding the card the server inlined (same as the server's). */
export const INITIAL_CARD_ELEMENT_ID = 'vbc-initial-card';

/**
 * What the server inlined into the page in the JSON element `elementId`, when `isValid` takes
 * it; null when there is no page (the server renderer), no such element, or not valid JSON.
 */
export function readInlinedJson<T>(elementId: string, isValid: (value: T) => boolean): T | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(elementId);
  if (!element?.textContent) return null;
  try {
    const value = JSON.parse(element.textContent) as T;
    return value && isValid(value) ? value : null;
  } catch {
    return null;
  }
}
