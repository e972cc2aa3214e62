/** A page of the delivery log holds 20 deliveries unless asked for another size, at most 100, so one answer stays small. */
export const DEFAULT_DELIVERY_PAGE_SIZE = 20;
export const MAX_DELIVERY_PAGE_SIZE = 100;
