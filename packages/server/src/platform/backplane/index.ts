export type { Backplane } from './types.ts';
export { createMemoryBackplane } from './memory.ts';
export { createRedisBackplane, type TRedisBackplaneOptions } from './redis.ts';
