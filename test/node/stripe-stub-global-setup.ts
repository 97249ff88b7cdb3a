import type { TestProject } from "vitest/node";
import { startStripeStub } from "./stripe-stub";

// One Stripe stand-in for the pool run (each test uses its own sk_test_ key); tests read inject("stripeApiBase").
export default async function setup(project: TestProject) {
  const stub = await startStripeStub();
  project.provide("stripeApiBase", stub.url);
  return () => stub.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    stripeApiBase: string;
  }
}
