/**
 * `start:cluster`'s gateway address (issue 29): a second cluster (SAATHI_PORT_OFFSET=200) is
 * its own site on its own port, so its pages may write to it and its mails link to it.
 */
import { describe, expect, it } from 'vitest';
import { gatewayAddress } from '../scripts/cluster-origin.mjs';

const GATEWAY_PORT = 3000;

describe('the gateway address of start:cluster', () => {
  it('is port 3000 and http://localhost:3000 by default', () => {
    expect(gatewayAddress({}, GATEWAY_PORT)).toEqual({ port: '3000', publicOrigin: 'http://localhost:3000' });
  });

  it('moves with SAATHI_PORT_OFFSET, origin and all', () => {
    expect(gatewayAddress({ SAATHI_PORT_OFFSET: '200' }, GATEWAY_PORT)).toEqual({
      port: '3200',
      publicOrigin: 'http://localhost:3200',
    });
  });

  it('follows PORT when it is set, and keeps a PUBLIC_ORIGIN that is given', () => {
    expect(gatewayAddress({ PORT: '8080', SAATHI_PORT_OFFSET: '200' }, GATEWAY_PORT)).toEqual({
      port: '8080',
      publicOrigin: 'http://localhost:8080',
    });
    expect(
      gatewayAddress(
        { SAATHI_PORT_OFFSET: '200', PUBLIC_ORIGIN: 'https://saathi.example.org' },
        GATEWAY_PORT,
      ),
    ).toEqual({ port: '3200', publicOrigin: 'https://saathi.example.org' });
  });

  it('refuses an offset that is not a whole number of ports', () => {
    expect(() => gatewayAddress({ SAATHI_PORT_OFFSET: 'two hundred' }, GATEWAY_PORT)).toThrow(
      /SAATHI_PORT_OFFSET/,
    );
  });
});
