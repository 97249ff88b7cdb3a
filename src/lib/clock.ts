/** Times are passed in as epoch milliseconds (`now` parameters), so tests control them. */
export const iso = (ms: number): string => new Date(ms).toISOString();
