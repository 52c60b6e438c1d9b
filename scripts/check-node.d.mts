/** See check-node.mjs. */
export declare function requiredNodeVersion(): [number, number, number];
export declare const requiredNapiVersion: number;
export declare function nodeVersionProblem(version: string, napiVersion: string | number | undefined, required?: readonly number[]): string | null;
export declare function exitUnlessSupportedNode(): void;
