/** A promise's value, or undefined when it has not settled within `ms` (it is not cancelled). */
export function settledWithin<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
    timer.unref();
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
