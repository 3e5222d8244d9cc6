/** Polls until the condition holds (sync or async); rejects once `timeoutMs` has passed without it. */
export function until(predicate: () => boolean | Promise<boolean>, timeoutMs = 8_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      if (await predicate()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error('condition not met in time'));
      setTimeout(() => void poll(), 20);
    };
    void poll();
  });
}
