/** Push's public surface: what other domains may import of push delivery. Its services are the `app.push` decorator. */
export { ApnsClient } from './apns-client.ts';
export { LoopPacer } from './loop-pacer.ts';
export { announcementPayload, leadPayload, type TPayloadFor } from './payloads.ts';
export type { TPush } from './plugin.ts';
