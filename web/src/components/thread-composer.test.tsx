import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ThreadComposer } from './thread-composer';

const noop = () => Promise.resolve(true);

describe('the foot of a thread', () => {
  it('is the message box while the other person has an account', () => {
    const html = renderToStaticMarkup(<ThreadComposer otherDeleted={false} onSend={noop} />);
    expect(html).toContain('<textarea');
    expect(html).not.toContain('This account has been deleted');
  });

  it('is a notice instead of a box that could only fail when they deleted it', () => {
    const html = renderToStaticMarkup(<ThreadComposer otherDeleted onSend={noop} />);
    expect(html).toContain('This account has been deleted.');
    expect(html).toContain('role="status"');
    expect(html).not.toContain('<textarea');
    expect(html).not.toContain('<button');
  });
});
