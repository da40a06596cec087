import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DailyQuestionCard } from './daily-question-card';

const render = (location: { latitude: number; longitude: number }) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <DailyQuestionCard location={location} />
    </QueryClientProvider>,
  );

describe('the daily question card', () => {
  it('tells the person the area the server will publish with their answer', () => {
    expect(render({ latitude: 19.0596, longitude: 72.8295 })).toContain(
      'Shown to everyone with your name and <span class="font-medium">Mumbai</span>.',
    );
    expect(render({ latitude: 10.3257, longitude: 76.9511 })).toContain('10.3° N, 77.0° E');
  });
});
