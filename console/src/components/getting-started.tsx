import { useEffect, useState } from "preact/hooks";
import { api, idempotencyKey, messageOf, unwrap } from "../api";
import { Button, ErrorNote, Secret } from "./ui";

/** The request the first-request step shows: one any key with a `*:read` session scope may make. */
export function curlExample(origin: string, key: string) {
  return `curl -s "${origin}/v1/sessions?limit=5" -H "x-api-key: ${key}"`;
}

export function typescriptExample(origin: string, key: string) {
  return `import { createSessionAnalysisClient } from "@session-analysis/client";

const api = createSessionAnalysisClient({ origin: "${origin}", apiKey: "${key}" });
const { data, error } = await api.GET("/sessions", { params: { query: { limit: 5 } } });
console.log(error ?? data.data.sessions);`;
}

/** A block of code with a copy button. */
export function CodeBlock(props: { label: string; code: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <figure class="code-block">
      <figcaption>
        <span>{props.label}</span>
        <Button
          variant="ghost"
          class="btn-small"
          aria-label={`Copy the ${props.label} example`}
          onClick={async () => {
            await navigator.clipboard?.writeText(props.code).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? "Copied" : "Copy"}
        </Button>
      </figcaption>
      <pre data-testid={props.testId}>
        <code>{props.code}</code>
      </pre>
    </figure>
  );
}

/**
 * A first request with `key` filled in, in curl and in TypeScript (the typed client of
 * clients/typescript). Before a key exists the placeholder `$SAS_API_KEY` stands in.
 */
export function FirstRequest(props: { apiKey?: string | undefined }) {
  const key = props.apiKey ?? "$SAS_API_KEY";
  const origin = location.origin;
  return (
    <div class="first-request">
      <CodeBlock label="curl" code={curlExample(origin, key)} testId="first-request-curl" />
      <CodeBlock label="TypeScript" code={typescriptExample(origin, key)} testId="first-request-typescript" />
    </div>
  );
}

interface Progress {
  key: boolean;
  request: boolean;
  session: boolean;
  webhook: boolean;
}

/**
 * What the account has done so far, read from the API (nothing is remembered in the browser):
 * a key exists, a key has been used (its `last_used_at`), a session exists, a webhook exists.
 */
async function progress(): Promise<Progress> {
  const [keys, sessions, hooks] = await Promise.all([
    unwrap(api.GET("/api-keys")),
    unwrap(api.GET("/sessions", { params: { query: { limit: 1 } } })),
    unwrap(api.GET("/webhooks")),
  ]);
  return {
    key: keys.api_keys.length > 0,
    request: keys.api_keys.some((k) => k.last_used_at !== null),
    session: sessions.pagination.total > 0,
    webhook: hooks.webhooks.length > 0,
  };
}

/** The default scopes of the key the panel creates: enough to list, read and create sessions. */
const FIRST_KEY_SCOPES = ["remote-viewing:read", "remote-viewing:write"] as const;

/**
 * The getting-started panel of the dashboard: four steps that tick off from the account's real
 * state, re-read when the tab regains focus or on "Check again"; it is not shown once all four
 * are done (nor while the state is loading, so a finished account never sees it flash).
 */
export function GettingStarted() {
  const [state, setState] = useState<Progress>();
  const [error, setError] = useState<unknown>();
  const [created, setCreated] = useState<string>();
  const [busy, setBusy] = useState(false);
  const check = () =>
    progress().then(
      (p) => {
        setState(p);
        setError(undefined);
      },
      (e) => setError(e),
    );
  useEffect(() => {
    void check();
    const onFocus = () => void check();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, []);

  if (!state) return error ? <ErrorNote error={error} /> : null;
  if (state.key && state.request && state.session && state.webhook && !created) return null;

  const createKey = async () => {
    setBusy(true);
    setError(undefined);
    const { data, error: failed } = await api.POST("/api-keys", {
      body: { name: "First key", scopes: [...FIRST_KEY_SCOPES] },
      params: { header: { "idempotency-key": idempotencyKey() } },
    });
    setBusy(false);
    if (failed || !data) return setError(new Error(messageOf(failed)));
    setCreated(data.data.key);
    void check();
  };

  const steps = [
    {
      done: state.key,
      title: "Create an API key",
      body: (
        <p class="small">
          A key lets a script call the API as you.{" "}
          <Button class="btn-small" disabled={busy} onClick={createKey}>
            Create an API key
          </Button>{" "}
          (reads and creates remote-viewing sessions) or <a href="/api-keys">choose its scopes</a>.
        </p>
      ),
    },
    {
      done: state.request,
      title: "Make a first request with it",
      body: (
        <>
          <p class="small">
            {created
              ? "Your new key is filled in below. Run either one, then come back:"
              : state.key
                ? "Put your key in place of $SAS_API_KEY and run either one, then come back:"
                : "Once you have a key, run either one:"}
          </p>
          <FirstRequest apiKey={created} />
        </>
      ),
    },
    {
      done: state.session,
      title: "Create a first session",
      body: (
        <p class="small">
          Describe a target and watch the analysis arrive live: <a href="/sessions/new">New session</a>.
        </p>
      ),
    },
    {
      done: state.webhook,
      title: "Add a webhook",
      body: (
        <p class="small">
          Get <code>session.completed</code> and other events posted to your server:{" "}
          <a href="/webhooks">add a webhook</a>. In development, <code>http://localhost</code> addresses work.
        </p>
      ),
    },
  ];
  const left = steps.filter((s) => !s.done).length;
  return (
    <section class="card getting-started" aria-labelledby="getting-started-title" data-testid="getting-started">
      <div class="card-header">
        <h2 id="getting-started-title">Getting started</h2>
        <Button variant="ghost" class="btn-small" onClick={() => void check()}>
          Check again
        </Button>
      </div>
      <p class="muted small">
        {left === 0 ? "All done: this panel goes away on your next visit." : `${left} of 4 steps left.`}
      </p>
      <ErrorNote error={error} />
      {created && (
        <Secret
          label="Your first API key"
          value={created}
          note="Store it now: it is not shown again after you leave."
        />
      )}
      <ol class="steps">
        {steps.map((s) => (
          <li key={s.title} class={s.done ? "step done" : "step"} data-done={s.done ? "true" : "false"}>
            <span class="step-mark" aria-hidden="true">
              {s.done ? "✓" : ""}
            </span>
            <div class="grow">
              <h3 class="step-title">
                {s.title}
                {s.done && <span class="visually-hidden"> (done)</span>}
              </h3>
              {!s.done && s.body}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
