import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { CircleThreadMessage } from '@saathi/contracts';
import { circleThreadKey } from '../api/use-circle-threads';
import { CircleThreadView } from './circle-thread';

const CIRCLE = '00000000-0000-4000-8000-0000000000c1';
const ME = '00000000-0000-4000-8000-000000000001';
const ASHA = '00000000-0000-4000-8000-000000000002';

const message = (n: number, senderId: string): CircleThreadMessage => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  circleId: CIRCLE,
  senderId,
  senderName: senderId === ME ? 'Me' : 'Asha',
  content: senderId === ME ? 'See you Saturday' : 'Welcome!',
  createdAt: '2026-11-28T10:00:00.000Z',
});

function render(closed: boolean, messages?: CircleThreadMessage[]) {
  const client = new QueryClient();
  if (messages) client.setQueryData(circleThreadKey(CIRCLE), messages);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CircleThreadView circleId={CIRCLE} viewerId={ME} closed={closed} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a circle thread', () => {
  it('is a log named "Circle thread" with a box labelled "Message the circle" and a Send button', () => {
    const html = render(false, [message(1, ASHA), message(2, ME)]);
    expect(html).toContain('role="log"');
    expect(html).toContain('aria-label="Circle thread"');
    expect(html).toMatch(/<label[^>]*>Message the circle<\/label>/);
    expect(html).toContain('<span class="sr-only">Send</span>');
    expect(html).toContain('Welcome!');
    expect(html).toContain('See you Saturday');
    // A received message can be reported, one's own cannot.
    expect(html).toContain('aria-label="Options for the message from Asha"');
    expect(html).not.toContain('Options for the message from Me');
  });

  it('invites the first message when there is none', () => {
    expect(render(false, [])).toContain('No messages yet.');
  });

  it('stays readable without a box once the circle is closed', () => {
    const html = render(true, [message(1, ASHA)]);
    expect(html).toContain('Welcome!');
    expect(html).toContain('This circle is closed.');
    expect(html).not.toContain('<textarea');
  });
});
