/** See build-if-needed.mjs. */
export declare const root: string;
export declare const serverSources: readonly string[];
export declare function buildIsCurrent(outputs: readonly string[], sources: readonly string[], base?: string): boolean;
export declare function buildIfNeeded(options: { outputs: string[]; sources: readonly string[]; npmArgs: string[]; message: string }): void;
