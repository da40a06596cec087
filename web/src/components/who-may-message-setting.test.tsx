import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { MessageSettings } from '@saathi/contracts';
import { messageSettingsKey } from '../api/use-message-settings';
import { WhoMayMessageSetting } from './who-may-message-setting';

function render(settings: MessageSettings): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(messageSettingsKey, settings);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <WhoMayMessageSetting />
    </QueryClientProvider>,
  );
}

describe('who can start a conversation with you', () => {
  it('offers the three choices by name, the stored one checked', () => {
    const html = render({ whoMayStart: 'met' });
    expect(html).toContain('Who can start a conversation with you');
    for (const label of ['Everyone', 'People I&#x27;ve met at an activity', 'Nobody new'])
      expect(html).toContain(label);
    expect(html.match(/type="radio"/g)).toHaveLength(3);
    expect(html).toMatch(/checked="" value="met"/);
    expect(html.match(/checked=""/g)).toHaveLength(1);
  });
});
