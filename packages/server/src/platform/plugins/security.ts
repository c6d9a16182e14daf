import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { VIDEO_PLAYER_ORIGINS } from '@vbc/shared/video';

/**
 * The CSP the built SPA runs under: scripts only from our origin (plus
 * WebAssembly for the QR scanner), styles inline because MUI's emotion
 * injects <style> tags, images from our origin and data:/blob: (QR codes
 * drawn in the browser), no plugins, no <base>, no framing of our pages; frames only from the
 * video players a card loads when its visitor presses play (`VIDEO_PLAYER_ORIGINS`, issue 30).
 */
export const DOCUMENT_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "worker-src 'self'",
  `frame-src ${VIDEO_PLAYER_ORIGINS.join(' ')}`,
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Headers every response carries. */
const COMMON = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * JSON API responses: nothing in them may run or be framed (OWASP's REST security headers).
 * No Referrer-Policy: it governs the requests a document makes, and a response under
 * `default-src 'none'` makes none (OWASP's REST list leaves it out too). Every header costs each
 * card read about 3,000 instructions of Node's validation (issue 13, card-instructions).
 */
export const API_HEADERS = { ...COMMON, 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" };

/** Documents, scripts and files: the SPA's CSP, no referrer beyond our origin, and cross-origin isolation of the window. */
export const DOCUMENT_HEADERS = {
  ...COMMON,
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': DOCUMENT_CSP,
  'cross-origin-opener-policy': 'same-origin',
  // Card pictures are embedded by link previews of other sites.
  'cross-origin-resource-policy': 'cross-origin',
  'origin-agent-cluster': '?1',
  'x-permitted-cross-domain-policies': 'none',
};

/**
 * Security headers, precomputed once and set in one synchronous hook: Helmet's
 * per-request middleware chain cost more than the card lookup itself. No CORS
 * headers are ever sent, so other origins cannot read responses.
 */
export default fp(
  async function security(app: FastifyInstance) {
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') ? API_HEADERS : DOCUMENT_HEADERS);
      done();
    });
  },
  { name: 'security' },
);
