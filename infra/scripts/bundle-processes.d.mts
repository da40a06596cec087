// Types for bundle-processes.mjs (plain Node so the cluster launcher runs it without a build).
export const BUNDLE_DIR: string;
export function bundlePathOf(entry: string): string;
export function bundleProcesses(entries: readonly string[]): Promise<Record<string, string>>;
