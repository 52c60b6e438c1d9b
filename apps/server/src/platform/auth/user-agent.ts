/** A device as its user recognises it: the browser and the system, by name only (no versions). */
export interface DeviceKind {
  browser: string | null;
  system: string | null;
}

/** Most specific first: Edge, Opera and Samsung's browser also name Chrome and Safari. */
const browsers: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: Array<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (header: string, table: Array<[RegExp, string]>) => table.find(([pattern]) => pattern.test(header))?.[1] ?? null;

/**
 * Reads the browser and system coarsely from a User-Agent header, for the list of signed-in
 * devices; it decides nothing, so a header that lies only mislabels its own device.
 */
export function deviceKindOf(userAgent: string | undefined): DeviceKind {
  const header = (userAgent ?? '').slice(0, 512);
  return { browser: firstMatch(header, browsers), system: firstMatch(header, systems) };
}
