// The one place the web app talks HTTP: cookies always included (through fetchWithSession, which
// renews an expired access token once); FormData is sent as is, any other body as JSON; a non-2xx
// answer becomes an ApiError. The typed client (api-client.ts) is built on this.
import type { HttpMethod } from '@saathi/contracts';
import { ApiError } from './api-error';
import { fetchWithSession } from './session-fetch';

export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (signal) init.signal = signal;
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = await fetchWithSession(url, init);
  if (!res.ok) throw await ApiError.fromResponse(res);
  return res;
}

/** The JSON body of a response; undefined for an empty body such as a 204's. */
export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * An untyped call, only for routes that no service has declared in @saathi/contracts yet;
 * everything declared goes through `api.call(route, input)`.
 */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  return (await readJson(await apiRequest(method, url, body))) as T;
}
