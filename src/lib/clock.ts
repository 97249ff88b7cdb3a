/** Time is injected so tests and the state machine stay deterministic. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

export const iso = (ms: number): string => new Date(ms).toISOString();
export const unixSeconds = (ms: number): number => Math.floor(ms / 1000);
