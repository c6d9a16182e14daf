import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { CONTROL_CHARACTER_MESSAGE, controlCharacterPath } from '@vbc/shared';
import { badRequest } from '../errors/app-error.ts';

/**
 * No text input holds a C0 control character (NUL, ESC, …; tab and line breaks are text): the
 * shared schemas refuse them field by field, and this hook refuses them in every route's
 * parameters, query and JSON body before any schema or query runs — also in fields a route
 * schema of its own declares — with a 400 naming the field, never a database error.
 * A body that is not parsed JSON (the hub's transports POST SignalR frames as text, and those
 * end with the record separator, 0x1E) is the protocol's, not a person's text: left to its route.
 */
export default fp(
  async function inputText(app: FastifyInstance) {
    // Callback style (synchronous): no promise to settle on every request.
    app.addHook('preValidation', (request, _reply, done) => {
      const jsonBody =
        request.body !== null && typeof request.body === 'object' && !Buffer.isBuffer(request.body) ? request.body : undefined;
      for (const [where, value] of [
        ['params', request.params],
        ['querystring', request.query],
        ['body', jsonBody],
      ] as const) {
        const path = controlCharacterPath(value);
        if (path !== null) return done(badRequest(`${path || where}: ${CONTROL_CHARACTER_MESSAGE}`));
      }
      done();
    });
  },
  { name: 'input-text' },
);
