import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  END_MARKER,
  renderFigures,
  START_MARKER,
  updateReliabilityReport,
  withFigures,
  writeReliabilityReport,
} from '../scripts/reliability-report.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'saathi-reliability-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const record = (area: string, test: string, figures: Record<string, number | string | boolean>) => ({
  area,
  test,
  figures,
  recordedAt: '2026-11-23T15:32:29.059Z',
});

describe('the reliability report', () => {
  it('groups tests by area in the issue order, one row each, with readable figure names', () => {
    const markdown = renderFigures([
      record('Location privacy', 'Trilateration', { 'median error (m)': 40.25 }),
      record('Faults', 'Outbox | kills', { events: 10000, duplicates: 0, restartMs: 13779, ok: true }),
    ]);
    expect(markdown).toContain('2 reliability tests, recorded 2026-11-23 15:32 UTC');
    expect(markdown.indexOf('### Faults')).toBeLessThan(markdown.indexOf('### Location privacy'));
    expect(markdown).toContain(
      '| Outbox \\| kills | events: **10,000** · duplicates: **0** · restart ms: **13,779** · ok: **yes** |',
    );
    expect(markdown).toContain('median error (m): **40.25**');
  });

  it('replaces only what lies between the markers, and leaves the document alone without figures', () => {
    const doc = path.join(dir, 'reliability.md');
    writeFileSync(doc, `# Reliability\n\nIntro.\n\n${START_MARKER}\nold\n${END_MARKER}\n\n## After\n`);
    expect(updateReliabilityReport({ dir: path.join(dir, 'none'), doc })).toEqual({
      updated: false,
      tests: 0,
    });
    expect(readFileSync(doc, 'utf8')).toContain('\nold\n');

    const figures = path.join(dir, 'figures');
    rmSync(figures, { recursive: true, force: true });
    mkdirSync(figures);
    writeFileSync(path.join(figures, 'a.json'), JSON.stringify(record('Faults', 'A', { failed: 0 })));
    writeFileSync(path.join(figures, 'torn.json'), '{"area": "Fau'); // a record being written: skipped
    expect(updateReliabilityReport({ dir: figures, doc })).toEqual({ updated: true, tests: 1 });
    const written = readFileSync(doc, 'utf8');
    expect(written).toMatch(/^# Reliability\n\nIntro\.\n\n<!-- reliability-figures:start/);
    expect(written).toContain('| A | failed: **0** |');
    expect(written).not.toContain('\nold\n');
    expect(written.endsWith(`${END_MARKER}\n\n## After\n`)).toBe(true);
  });

  it('appends the section to a document that has no markers yet', () => {
    expect(withFigures('# Reliability\n', 'figures')).toBe(
      `# Reliability\n\n${START_MARKER}\n\nfigures\n\n${END_MARKER}\n`,
    );
  });

  it("writes a run's figures to their own page, and nothing without figures", () => {
    const file = path.join(dir, 'run.md');
    expect(writeReliabilityReport({ dir: path.join(dir, 'none'), file })).toMatchObject({ written: false });
    expect(() => readFileSync(file)).toThrow();
    const figures = path.join(dir, 'run-figures');
    mkdirSync(figures);
    writeFileSync(path.join(figures, 'b.json'), JSON.stringify(record('Faults', 'B', { lost: 0 })));
    expect(writeReliabilityReport({ dir: figures, file })).toEqual({ written: true, tests: 1, file });
    expect(readFileSync(file, 'utf8')).toContain('| B | lost: **0** |');
  });
});
