import type { PostalAddress } from './split-postal-address.ts';
import { hasText } from './xml-text.ts';

/** An address with at least one part to write: an address element is never written empty. */
export function hasPostalAddress(address: PostalAddress | undefined): address is PostalAddress {
  return address !== undefined && Object.values(address).some((part) => hasText(part));
}
