// Types for reliability-report.mjs (plain Node so `npm test` can run it without a build).
export interface FiguresRecord {
  area: string;
  test: string;
  figures: Record<string, number | string | boolean>;
  recordedAt: string;
}
export const FIGURES_DIR: string;
export const REPORT_DOC: string;
export const RUN_REPORT: string;
export const START_MARKER: string;
export const END_MARKER: string;
export function readFigures(dir?: string): FiguresRecord[];
export function renderFigures(records: FiguresRecord[]): string;
export function withFigures(doc: string, section: string): string;
export function updateReliabilityReport(options?: { dir?: string; doc?: string }): {
  updated: boolean;
  tests: number;
};
export function writeReliabilityReport(options?: { dir?: string; file?: string }): {
  written: boolean;
  tests: number;
  file: string;
};
