import { create } from 'content-disposition';

/**
 * A Content-Disposition value naming a file (RFC 6266): the name as is when it is plain ASCII,
 * else an ASCII fallback in `filename` and the UTF-8 name in `filename*` (RFC 8187, formerly 5987).
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  return create(name, { type: kind });
}
