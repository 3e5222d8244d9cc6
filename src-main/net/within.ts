/**
 * What the work gives within `ms`, else the fallback: for an answer a desk action or the
 * app's shutdown must not wait for. The timer is cleared once decided and never holds the
 * process open. The work itself is not cancelled; a rejection it ends with is the caller's.
 */
export async function within<T, F>(work: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
