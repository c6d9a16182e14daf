/** Whether a database error is a unique-constraint violation (SQLSTATE 23505), from either driver, wrapped by Drizzle or not. */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};
