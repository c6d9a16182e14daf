/** Text as HTML text: nothing in it is markup. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One line for a header (a subject): line breaks and tabs become spaces. */
export const oneLine = (value: string): string => value.replace(/\s+/g, ' ').trim();
