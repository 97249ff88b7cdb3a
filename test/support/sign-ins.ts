import { expect } from "vitest";
import { PASSWORD } from "./factories";
import { api } from "./http";

/** Two browsers' User-Agent strings: a sign-in's device is read from them. */
export const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
export const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** A password sign-in of `email` from a browser (and a country, as the edge reports it). */
export const signIn = async (email: string, userAgent: string, country?: string) => {
  const res = await api("POST", "/v1/auth/login", {
    body: { email, password: PASSWORD },
    headers: { "user-agent": userAgent },
    ...(country ? { cf: { country } } : {}),
  });
  expect(res.status).toBe(200);
  return res.body.data as { token: string; refresh_token: string };
};
/** The caller's sign-ins (GET /v1/users/me/sessions). */
export const listSignIns = (token: string) => api("GET", "/v1/users/me/sessions", { token });
export const me = (token: string) => api("GET", "/v1/users/me", { token });
export const refresh = (refresh_token: string) => api("POST", "/v1/auth/refresh", { body: { refresh_token } });
