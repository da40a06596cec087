// The one place the web app talks HTTP (SPEC §7): cookies always included; FormData is sent
// as is, any other body as JSON; a non-OK response becomes Error("<status>: <body or statusText>").
import { fetchWithSession } from './session-fetch';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = await fetchWithSession(url, init);
  await throwIfNotOk(res);
  return res;
}

/** apiRequest, then the JSON body (undefined for an empty body such as 204). */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
