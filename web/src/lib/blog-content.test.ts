import { describe, expect, it } from 'vitest';
import { parseBlogContent, parseInline } from './blog-content';

describe('parseInline', () => {
  it('finds bold and italic runs', () => {
    expect(parseInline('Meet **in public**, *always*.')).toEqual([
      { kind: 'text', text: 'Meet ' },
      { kind: 'bold', text: 'in public' },
      { kind: 'text', text: ', ' },
      { kind: 'italic', text: 'always' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves a lone asterisk and markup as plain text', () => {
    expect(parseInline('5 * 3 <script>alert(1)</script>')).toEqual([
      { kind: 'text', text: '5 * 3 <script>alert(1)</script>' },
    ]);
    expect(parseInline('<img src=x onerror=alert(1)> **<b>**')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)> ' },
      { kind: 'bold', text: '<b>' },
    ]);
  });
});

describe('parseBlogContent', () => {
  it('turns lines into headings of three levels, paragraphs and one spacer per blank run', () => {
    expect(parseBlogContent('# One\n## Two\n\n\n### Three\nText\n#### Four\n#NoSpace\n\n')).toEqual([
      { kind: 'heading', level: 1, inlines: [{ kind: 'text', text: 'One' }] },
      { kind: 'heading', level: 2, inlines: [{ kind: 'text', text: 'Two' }] },
      { kind: 'spacer' },
      { kind: 'heading', level: 3, inlines: [{ kind: 'text', text: 'Three' }] },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'Text' }] },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: '#### Four' }] },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: '#NoSpace' }] },
    ]);
  });

  it('handles Windows line ends and leading blank lines', () => {
    expect(parseBlogContent('\r\n\r\nHi **there**\r\n')).toEqual([
      {
        kind: 'paragraph',
        inlines: [
          { kind: 'text', text: 'Hi ' },
          { kind: 'bold', text: 'there' },
        ],
      },
    ]);
  });
});
