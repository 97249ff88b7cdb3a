import { useState } from "preact/hooks";

/**
 * An action a button or form starts: `busy` while it runs (the buttons are disabled), its failure in
 * `error` for ErrorNote. `run` clears the last error first.
 */
export function useAction() {
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}
