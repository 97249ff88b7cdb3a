import type { Bindings } from "../bindings";
import type { Config } from "../domain/config";

const configs = new WeakMap<Bindings, Config>();

/** Configuration as the domain reads it, parsed once per set of bindings (an isolate's do not change). */
export function configOf(env: Bindings): Config {
  let config = configs.get(env);
  if (!config) {
    config = parse(env);
    configs.set(env, config);
  }
  return config;
}

function parse(env: Bindings): Config {
  const issuer = env.AUTH_ISSUER;
  const consoleOrigin = env.CONSOLE_ORIGIN || issuer;
  return {
    environment: env.ENVIRONMENT,
    issuer,
    consoleOrigin,
    webauthnRpId: env.WEBAUTHN_RP_ID || hostOf(consoleOrigin),
    adminEmails: (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    paymentGateway: env.PAYMENT_GATEWAY,
    stripeApiBase: env.STRIPE_API_BASE || "https://api.stripe.com",
    analyzerEngine: env.ANALYZER_ENGINE,
    sessionHotWindow: env.SESSION_HOT_WINDOW_SECONDS,
    mailAdapter: env.MAIL_ADAPTER,
    mailFrom: env.MAIL_FROM,
    mailFromName: env.MAIL_FROM_NAME,
    webhookAllowPrivateUrls: env.WEBHOOK_ALLOW_PRIVATE_URLS === "true",
    ssoDomainVerification: env.SSO_DOMAIN_VERIFICATION,
    passwordHashIterations: env.PASSWORD_HASH_ITERATIONS,
    scales: {
      analysisTime: env.ANALYSIS_TIME_SCALE,
      rateLimitWindow: env.RATE_LIMIT_WINDOW_SCALE,
      rateLimitQuota: env.RATE_LIMIT_QUOTA_SCALE,
      webhookRetry: env.WEBHOOK_RETRY_SCALE,
      billingPeriod: env.BILLING_PERIOD_SCALE,
      ldapTimeout: env.SSO_LDAP_TIMEOUT_SCALE,
      healthProbeTimeout: env.HEALTH_PROBE_TIMEOUT_SCALE,
    },
    secrets: {
      jwtPrivateKey: env.JWT_PRIVATE_KEY,
      jwtPreviousPublicKeys: env.JWT_PREVIOUS_PUBLIC_KEYS,
      dataEncryptionKey: env.DATA_ENCRYPTION_KEY,
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    },
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}
