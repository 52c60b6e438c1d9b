/**
 * A value built when it is first asked for, not when its module loads. A formatter's Intl data
 * (a locale, the Vienna time zone) is slow to build on a phone: a page that
 * shows no date or number does not pay for it while it starts.
 */
export function onFirstUse<T>(create: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    built ??= { value: create() };
    return built.value;
  };
}
