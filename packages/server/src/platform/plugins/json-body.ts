import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * docs/contracts.md §7: clients send a JSON content type on every call, also on the ones
 * without a payload (logout, …/seen). An empty JSON body therefore means "no
 * payload" rather than a 400; a route whose schema needs a body still gets a
 * 400 naming it.
 */
export default fp(
  async function jsonBody(app: FastifyInstance) {
    const json = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      return json(request, text, done);
    });
  },
  { name: 'json-body' },
);
