/** See check-node.mjs. */
export declare function requiredNodeVersion(): [number, number, number];
export declare function nodeVersionProblem(version: string, required?: readonly number[]): string | null;
export declare function exitUnlessSupportedNode(): void;
