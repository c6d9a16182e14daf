import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

/** The one Drizzle type both drivers satisfy: services never know which engine runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
