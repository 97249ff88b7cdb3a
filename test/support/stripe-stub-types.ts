/** One API call the Stripe stand-in (test/node/stripe-stub.ts) received: what tests assert on. */
export interface StubCall {
  method: string;
  path: string;
  idempotencyKey: string | null;
  contentType: string | null;
  authorization: string | null;
  form: Record<string, string>;
  status: number;
  replayed: boolean;
}
