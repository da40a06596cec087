import { describe, expect, it } from 'vitest';
import { dataExportFile } from './data-export';

describe('dataExportFile', () => {
  it('names the file by day and keeps every part under its service', () => {
    const file = dataExportFile(
      'u1',
      { feed: { posts: [{ content: 'hi' }] }, messaging: { conversations: [] } },
      new Date('2026-11-23T10:00:00Z'),
    );
    expect(file.name).toBe('saathi-data-2026-11-23.json');
    expect(JSON.parse(file.json)).toEqual({
      exportedAt: '2026-11-23T10:00:00.000Z',
      userId: 'u1',
      feed: { posts: [{ content: 'hi' }] },
      messaging: { conversations: [] },
    });
  });
});
