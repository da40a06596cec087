// A story's text as data: the blog's tiny markup (`# `, `## `, `### ` headings, `**bold**`,
// `*italic*`, blank lines) parsed into blocks that the page turns into React elements. Nothing
// is ever inserted as HTML, so markup in a story (`<script>`, `onerror=`) shows as text.

export type Inline = { kind: 'text' | 'bold' | 'italic'; text: string };

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; inlines: Inline[] }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'spacer' };

const INLINE = /\*\*(.+?)\*\*|\*(.+?)\*/g;

/** `a **b** *c*` → text, bold, text, italic. An unmatched `*` stays a plain asterisk. */
export function parseInline(line: string): Inline[] {
  const inlines: Inline[] = [];
  let last = 0;
  for (const match of line.matchAll(INLINE)) {
    if (match.index > last) inlines.push({ kind: 'text', text: line.slice(last, match.index) });
    const [, bold, italic] = match;
    if (bold !== undefined) inlines.push({ kind: 'bold', text: bold });
    else inlines.push({ kind: 'italic', text: italic ?? '' });
    last = match.index + match[0].length;
  }
  if (last < line.length) inlines.push({ kind: 'text', text: line.slice(last) });
  return inlines;
}

const HEADING = /^(#{1,3}) (.*)$/;

/** One block per line: headings, paragraphs, and a spacer for each run of blank lines. */
export function parseBlogContent(content: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of content.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (line.trim() === '') {
      if (blocks.length > 0 && blocks.at(-1)?.kind !== 'spacer') blocks.push({ kind: 'spacer' });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = (heading[1]?.length ?? 1) as 1 | 2 | 3;
      blocks.push({ kind: 'heading', level, inlines: parseInline(heading[2] ?? '') });
    } else {
      blocks.push({ kind: 'paragraph', inlines: parseInline(line) });
    }
  }
  while (blocks.at(-1)?.kind === 'spacer') blocks.pop();
  return blocks;
}
