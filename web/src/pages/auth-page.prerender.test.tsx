import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { AUTH_HEADING_HTML, prerenderedMainFor } from '@saathi/contracts';
import AuthPage from './auth-page';

// The gateway serves /auth with contracts' pre-rendered markup, painted before any script runs;
// React's first render must draw the very same elements, or the early paint stops being the
// page's Largest Contentful Paint (and the screen jumps when React takes over).
describe('the pre-rendered /auth markup', () => {
  it("is the start of what React renders for /auth, in AppShell's <main> for a visitor", () => {
    const rendered = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/auth']}>
          <main id="main" className="flex-1 pb-8">
            <AuthPage />
          </main>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const fragment = prerenderedMainFor('/auth');
    expect(fragment).toContain(AUTH_HEADING_HTML);
    // The fragment closes its open elements early; up to there it must match React to the byte.
    const opened = fragment.replace(/(<\/div>|<\/main>)+$/, '');
    expect(opened).toContain('Welcome back</h1>');
    expect(rendered.startsWith(opened)).toBe(true);
  });
});
