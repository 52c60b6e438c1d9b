/** See chromium-args.mjs. */
export declare const chromiumArgs: readonly string[];
