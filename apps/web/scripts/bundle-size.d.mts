/** Types of what scripts/bundle-size.mjs exports (its test imports them). */
export const BUDGET_BYTES: number;
export const RUNTIME_MARKERS: { production: string; development: string[]; preact: string[] };
export function runtimeProblems(dist?: string): string[];
export function estimatorFiles(dist?: string): string[];
export function measure(path?: string, dist?: string): Promise<{ file: string; gzip: number }[]>;
