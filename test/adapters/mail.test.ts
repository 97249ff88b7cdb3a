import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mailerFor } from "../../src/adapters/mail";
import { cloudflareEmailMailer, type SendEmailBinding } from "../../src/adapters/mail/cloudflare";
import { type Mailer, MailSendError, type OutgoingMail } from "../../src/adapters/mail/port";
import { mailRecord } from "../../src/db/mail";
import { recipientHashOf } from "../../src/db/mail-outbox";
import { deliverMail, MAIL_MAX_ATTEMPTS, queueMail, requireMailer, sweepMail } from "../../src/domain/mail/outbox";
import { renderMail } from "../../src/domain/mail/templates";
import { AppError } from "../../src/errors";
import { statusOf } from "../../src/http/error-status";
import { testContext, testContextWith } from "../support/context";
import { uniqueEmail } from "../support/factories";

const message = (over: Partial<OutgoingMail> = {}): OutgoingMail => ({
  id: "mail_1",
  type: "password.reset",
  to: "ada@example.com",
  subject: "Reset your password",
  text: "text body",
  html: "<p>html body</p>",
  ...over,
});

/** A binding object standing in for Email Service where the local runtime's cannot show a case. */
function recordingBinding(fail?: string) {
  const calls: unknown[] = [];
  const binding: SendEmailBinding = {
    async send(m) {
      calls.push(m);
      if (fail) throw new Error(fail);
      return { messageId: "<provider-1@example.com>" };
    },
  };
  return { binding, calls };
}

describe("Cloudflare Email Service adapter", () => {
  it("sends through the local runtime's send_email binding (miniflare) and gets a message id", async () => {
    expect(env.EMAIL).toBeDefined();
    const mailer = cloudflareEmailMailer(env.EMAIL!, {
      email: "noreply@session-analysis.example",
      name: "Session Analysis",
    });
    const { messageId } = await mailer.send(message({ to: uniqueEmail("cf") }));
    expect(messageId).toMatch(/@session-analysis\.example>?$/);
  });

  it("a sender the binding does not allow is a permanent refusal (local runtime)", async () => {
    const mailer = cloudflareEmailMailer(env.EMAIL!, { email: "someone-else@session-analysis.example" });
    const err = await mailer.send(message()).catch((e) => e);
    expect(err).toBeInstanceOf(MailSendError);
    expect(err.permanent).toBe(true);
    expect(err.message).toContain("not allowed");
  });

  it("builds the message from/to/subject/text/html with a one-line subject and the outbox id header", async () => {
    const { binding, calls } = recordingBinding();
    const mailer = cloudflareEmailMailer(binding, { email: "noreply@example.com", name: "Session\r\nAnalysis" });
    const res = await mailer.send(message({ subject: "Hello\r\nBcc: evil@example.com" }));
    expect(res.messageId).toBe("<provider-1@example.com>");
    expect(calls).toEqual([
      {
        from: { email: "noreply@example.com", name: "Session Analysis" },
        to: "ada@example.com",
        subject: "Hello Bcc: evil@example.com",
        text: "text body",
        html: "<p>html body</p>",
        headers: { "X-Outbox-Id": "mail_1" },
      },
    ]);
  });

  it("a service failure is retryable; a recipient that is not a plain address is refused without a call", async () => {
    const failing = recordingBinding("internal error: try again");
    const err = await cloudflareEmailMailer(failing.binding, { email: "noreply@example.com" })
      .send(message())
      .catch((e) => e);
    expect(err).toBeInstanceOf(MailSendError);
    expect(err.permanent).toBe(false);
    const { binding, calls } = recordingBinding();
    const bad = await cloudflareEmailMailer(binding, { email: "noreply@example.com" })
      .send(message({ to: "a@example.com\r\nBcc: b@example.com" }))
      .catch((e) => e);
    expect(bad.permanent).toBe(true);
    expect(calls).toHaveLength(0);
  });
});

describe("mailerFor (configuration chooses the adapter)", () => {
  const base = { KV: env.KV, EMAIL: env.EMAIL, MAIL_FROM: "noreply@session-analysis.example" };
  it("development outside production, Email Service when configured, nothing in production otherwise", () => {
    expect(mailerFor({ ...base, ENVIRONMENT: "development", MAIL_ADAPTER: "development" })?.name).toBe("development");
    expect(mailerFor({ ...base, ENVIRONMENT: "production", MAIL_ADAPTER: "cloudflare" })?.name).toBe("cloudflare");
    expect(mailerFor({ ...base, ENVIRONMENT: "production", MAIL_ADAPTER: "development" })).toBeNull();
    expect(mailerFor({ ...base, ENVIRONMENT: "production", MAIL_ADAPTER: undefined, EMAIL: undefined })).toBeNull();
    expect(mailerFor({ ...base, ENVIRONMENT: "staging", MAIL_ADAPTER: "cloudflare", MAIL_FROM: undefined })).toBeNull();
    const err = (() => {
      try {
        requireMailer(testContextWith({ ENVIRONMENT: "production", MAIL_ADAPTER: "cloudflare", EMAIL: undefined }));
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AppError);
    expect(statusOf(err as AppError)).toBe(503);
    expect((err as AppError).code).toBe("MAIL_SERVICE_UNAVAILABLE");
  });
});

describe("templates", () => {
  it("plain text and HTML with a console link; values escaped in HTML", () => {
    const m = renderMail(
      {
        type: "organization.invitation",
        organization: "<Acme>",
        inviter: "a@example.com",
        role: "member",
        token: "soi_x",
        expiresAt: "2026-12-01T00:00:00.000Z",
      },
      "https://console.example/",
    );
    expect(m.text).toContain("https://console.example/invitations/accept?token=soi_x");
    expect(m.html).toContain('href="https://console.example/invitations/accept?token=soi_x"');
    expect(m.html).toContain("&lt;Acme&gt;");
    expect(m.html).not.toContain("<Acme>");
  });
});

describe("mail outbox", () => {
  async function queued(to = uniqueEmail("outbox")) {
    const mail = await queueMail(testContext(), { to, template: { type: "password.changed", how: "change" } });
    await env.DB.batch([mail.statement]);
    return { id: mail.id, to };
  }
  const counting = (fail?: (n: number) => Error | undefined) => {
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = {
      name: "development",
      async send(m) {
        sent.push(m);
        const error = fail?.(sent.length);
        if (error) throw error;
        return { messageId: `p-${sent.length}` };
      },
    };
    return { mailer, sent };
  };

  it("sends once, then keeps only the record: type, recipient hash, time, result", async () => {
    const { id, to } = await queued();
    const { mailer, sent } = counting();
    await Promise.all([
      deliverMail(testContext(), { ids: [id], mailer: mailer }),
      deliverMail(testContext(), { ids: [id], mailer: mailer }),
    ]);
    await deliverMail(testContext(), { ids: [id], mailer: mailer });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(to);
    const row = await mailRecord(env.DB, id);
    expect(row).toMatchObject({
      type: "password.changed",
      result: "sent",
      recipient: null,
      textBody: null,
      htmlBody: null,
    });
    expect(row!.recipientHash).toBe(await recipientHashOf(to));
    expect(row!.sentAt).not.toBeNull();
  });

  it("a lost send is retried later by the sweep, and given up after the last attempt", async () => {
    const { id } = await queued();
    const failing = counting(() => new MailSendError("timeout", false));
    const t0 = Date.now();
    expect(await deliverMail(testContext({ now: () => t0 }), { ids: [id], mailer: failing.mailer })).toBe(0);
    expect(await mailRecord(env.DB, id)).toMatchObject({ result: "pending", attempts: 1, lastError: "timeout" });
    // Not due again until its backoff has passed.
    expect(await deliverMail(testContext({ now: () => t0 + 1_000 }), { ids: [id], mailer: failing.mailer })).toBe(0);
    expect(failing.sent).toHaveLength(1);
    const ok = counting();
    expect(await deliverMail(testContext({ now: () => t0 + 61_000 }), { ids: [id], mailer: ok.mailer })).toBe(1);
    expect(await mailRecord(env.DB, id)).toMatchObject({ result: "sent", attempts: 2 });

    const other = await queued();
    let at = Date.now();
    for (let i = 0; i < MAIL_MAX_ATTEMPTS; i++) {
      await deliverMail(testContext({ now: () => at }), { ids: [other.id], mailer: failing.mailer });
      at += 3_600_000;
    }
    expect(await mailRecord(env.DB, other.id)).toMatchObject({
      result: "failed",
      attempts: MAIL_MAX_ATTEMPTS,
      recipient: null,
    });
  });

  it("a permanent refusal is given up at once; the cron sweep delivers what is due", async () => {
    const { id } = await queued();
    const refusing = counting(() => new MailSendError("recipient not allowed", true));
    await deliverMail(testContext(), { ids: [id], mailer: refusing.mailer });
    expect(await mailRecord(env.DB, id)).toMatchObject({ result: "failed", attempts: 1 });
    const due = await queued();
    await sweepMail(testContext());
    expect(await mailRecord(env.DB, due.id)).toMatchObject({ result: "sent" });
  });
});
