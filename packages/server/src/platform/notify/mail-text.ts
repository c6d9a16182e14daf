/** One line for a header (a subject): line breaks and tabs become spaces. */
export const oneLine = (value: string): string => value.replace(/\s+/g, ' ').trim();
