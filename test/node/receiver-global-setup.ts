import type { TestProject } from "vitest/node";
import { startReceiver } from "./receiver";

// One real receiver for the whole pool run; tests read its address with inject("receiverUrl").
export default async function setup(project: TestProject) {
  const receiver = await startReceiver();
  project.provide("receiverUrl", receiver.url);
  return () => receiver.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    receiverUrl: string;
  }
}
