import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '@saathi/platform';

interface StoredCookie {
  value: string;
  path: string;
}

/**
 * A browser's cookie handling for `app.inject`: keeps Set-Cookie values (deleting on
 * Max-Age=0), and sends back those whose path matches the request — so the refresh cookie,
 * scoped to /api/auth, is only sent where a browser would send it.
 */
export class CookieJar {
  readonly cookies = new Map<string, StoredCookie>();

  constructor(
    private readonly app: App,
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  cookieHeader(url: string): string {
    const path = url.split('?')[0] ?? '/';
    return [...this.cookies.entries()]
      .filter(
        ([, cookie]) =>
          path === cookie.path ||
          path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`) ||
          cookie.path === '/',
      )
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  set(name: string, value: string, path = '/'): void {
    this.cookies.set(name, { value, path });
  }

  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now()) ||
        cookie.value === '';
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, { value: cookie.value, path: cookie.path ?? '/' });
    }
  }

  async inject(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const cookie = this.cookieHeader(options.url);
    const response = await this.app.inject({
      remoteAddress: this.remoteAddress,
      ...options,
      headers: { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) },
    });
    this.store(response);
    return response;
  }

  clone(): CookieJar {
    const copy = new CookieJar(this.app, this.remoteAddress);
    for (const [name, cookie] of this.cookies) copy.cookies.set(name, { ...cookie });
    return copy;
  }
}
