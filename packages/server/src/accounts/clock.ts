/** Where the account rules read the time; tests replace `now` to move time forward. */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export const systemClock = (): Clock => ({ now: () => new Date() });
