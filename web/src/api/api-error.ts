/**
 * A non-2xx answer from the API. `status` and `body` come straight from the response; `message`
 * is the server's own message when it sent one, so toasts can show it as is.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The parsed JSON body; undefined when the body was empty or not JSON. */
  readonly body: unknown;
  /** What the server said, or undefined when it said nothing a person could read. */
  readonly serverMessage: string | undefined;

  constructor(
    readonly status: number,
    options: { body?: unknown; serverMessage?: string | undefined } = {},
  ) {
    super(options.serverMessage ?? `Request failed with status ${status}`);
    this.body = options.body;
    this.serverMessage = options.serverMessage;
  }

  /** Reads the response's body once and keeps both the JSON and the readable message. */
  static async fromResponse(res: Response): Promise<ApiError> {
    const text = (await res.text().catch(() => '')).trim();
    return new ApiError(res.status, {
      body: parseJson(text),
      serverMessage: readableMessage(text, res.statusText),
    });
  }
}

/** True for an ApiError, and when `status` is given, only for that status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The `message` of a JSON object body; a short plain-text body itself; the status text when the
 * body is empty. Never an HTML error page or a JSON object without a message.
 */
function readableMessage(text: string, statusText: string): string | undefined {
  if (!text) return statusText.trim() || undefined;
  if (text.startsWith('{')) {
    const body = parseJson(text);
    if (body && typeof body === 'object' && 'message' in body) {
      const { message } = body;
      return typeof message === 'string' && message.trim() ? message : undefined;
    }
    return undefined;
  }
  if (text.startsWith('<') || text.length > 300) return undefined;
  return text;
}
