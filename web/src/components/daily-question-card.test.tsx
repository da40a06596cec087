import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DailyQuestionCard, PublishedAreaNote } from './daily-question-card';

const render = (location: { latitude: number; longitude: number }) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <DailyQuestionCard location={location} />
    </QueryClientProvider>,
  );

const note = (location: { latitude: number; longitude: number }) =>
  renderToStaticMarkup(<PublishedAreaNote location={location} />);

describe('the daily question card', () => {
  it('tells the person the area the server will publish with their answer', () => {
    expect(note({ latitude: 19.0596, longitude: 72.8295 })).toContain(
      'Shown to everyone with your name and <span class="font-medium">Mumbai</span>.',
    );
    expect(note({ latitude: 10.3257, longitude: 76.9511 })).toContain('10.3° N, 77.0° E');
  });

  it('says it once the person starts typing, so the first render matches the pre-rendered HTML', () => {
    expect(render({ latitude: 19.0596, longitude: 72.8295 })).not.toContain('Shown to everyone');
  });
});
