import { signExportToken } from '@saathi/platform';
import type { Clock } from '@saathi/platform';

/** How long one service may take to answer its part. */
const PART_TIMEOUT_MS = 30_000;

/**
 * How the data-export job asks the other services for their parts: through the gateway
 * (EXPORT_PARTS_URL, else PUBLIC_ORIGIN), with an export token minted for this person and
 * export — valid two minutes and accepted by those routes only (platform `acceptExportTokens`),
 * so the job holds no session and no general-purpose credential.
 */
export interface ExportParts {
  tokenFor(claims: { userId: string; username: string; exportId: string }): string;
  /** One service's part (its JSON answer); throws when it does not answer 2xx. */
  fetch(path: string, token: string): Promise<unknown>;
}

export function exportPartsOverHttp(options: {
  base: string;
  privateKey: string;
  clock: Clock;
}): ExportParts {
  return {
    tokenFor: (claims) =>
      signExportToken(options.privateKey, claims, Math.floor(options.clock.now().getTime() / 1000)),
    async fetch(path, token) {
      const response = await fetch(`${options.base}${path}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(PART_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return response.json();
    },
  };
}
