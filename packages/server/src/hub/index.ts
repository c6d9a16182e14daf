export { createHub, redactAccessToken, type Hub } from './hub.ts';
export type { TStreamPosition } from './ordering.ts';
export { HubError } from './core.ts';
export { HubHttpError } from './http.ts';
export type { THubCallContext, THubEvent, THubLogger, THubMethod, THubOptions } from './options.ts';
