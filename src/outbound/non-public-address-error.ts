/**
 * The address guard tripped (D26, D28): on the DNS answer or on the socket actually connected.
 * Carries no address: callers turn it into their own wording (an image field's 400, a webhook
 * registration's 400, a delivery's status 0) and must not tell the caller which internal address
 * a name resolves to.
 */
export class NonPublicAddressError extends Error {
  readonly code = 'ENONPUBLIC';

  constructor() {
    super('the host resolves to an address that is not on the public internet');
    this.name = 'NonPublicAddressError';
  }
}
