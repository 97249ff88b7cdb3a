import { describe, expect, it } from "vitest";
import { api } from "./support/http";
import { registerUser } from "./support/factories";

describe("smoke", () => {
  it("registers and reads /users/me", async () => {
    const u = await registerUser();
    const me = await api("GET", "/v1/users/me", { token: u.token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(u.email);
  });
});
