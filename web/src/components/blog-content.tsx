import { Fragment, type ReactNode } from 'react';
import { parseBlogContent, type Inline } from '../lib/blog-content';

function renderInlines(inlines: readonly Inline[]): ReactNode[] {
  return inlines.map((inline, index) => {
    if (inline.kind === 'bold') return <strong key={index}>{inline.text}</strong>;
    if (inline.kind === 'italic') return <em key={index}>{inline.text}</em>;
    return <Fragment key={index}>{inline.text}</Fragment>;
  });
}

const HEADING_CLASS = {
  1: 'mt-6 text-2xl font-bold text-slate-900',
  2: 'mt-5 text-xl font-semibold text-slate-900',
  3: 'mt-4 text-lg font-semibold text-slate-900',
} as const;

/**
 * A story's content as React elements built from the parsed blocks: text is always text (React
 * escapes it), never HTML. Story headings sit one level under the page's h1.
 */
export function BlogContent({ content }: { content: string }) {
  return (
    <div className="text-base leading-relaxed text-slate-800" data-testid="blog-content">
      {parseBlogContent(content).map((block, index) => {
        if (block.kind === 'spacer') return <div key={index} className="h-3" aria-hidden="true" />;
        if (block.kind === 'paragraph')
          return (
            <p key={index} className="mt-2">
              {renderInlines(block.inlines)}
            </p>
          );
        const Heading = (['h2', 'h3', 'h4'] as const)[block.level - 1] ?? 'h4';
        return (
          <Heading key={index} className={HEADING_CLASS[block.level]}>
            {renderInlines(block.inlines)}
          </Heading>
        );
      })}
    </div>
  );
}
