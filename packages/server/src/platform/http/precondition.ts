import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TPrecondition } from '../db/row-version.ts';
import { badRequest } from '../errors/app-error.ts';

/** The precondition of a write, from its body field or its headers (the body wins). */
export function readPrecondition(request: FastifyRequest, bodyUpdatedAt: string | undefined): TPrecondition {
  if (bodyUpdatedAt) return { exact: new Date(bodyUpdatedAt) };
  const ifMatch = request.headers['if-match'];
  if (typeof ifMatch === 'string' && ifMatch.trim() !== '*') {
    const ms = /^(?:W\/)?"(\d{1,16})"$/.exec(ifMatch.trim())?.[1];
    if (!ms) throw badRequest('If-Match: must be the ETag this card or pet was read with.');
    return { exact: new Date(Number(ms)) };
  }
  const since = request.headers['if-unmodified-since'];
  if (typeof since === 'string') {
    const date = new Date(since);
    if (Number.isNaN(date.getTime())) throw badRequest('If-Unmodified-Since: must be an HTTP date.');
    return { notAfterSecond: date };
  }
  return null;
}

/** ETag and Last-Modified of a row, so a client may send If-Match / If-Unmodified-Since back. */
export function setVersionHeaders(reply: FastifyReply, updatedAt: Date): FastifyReply {
  return reply
    .header('etag', `"${updatedAt.getTime()}"`)
    .header('last-modified', updatedAt.toUTCString())
    .header('cache-control', 'private, no-store');
}
