/** A request's claim on its key, to complete or release once its response is known. */
export interface IdempotencyClaim {
  readonly scope: string;
  readonly key: string;
  readonly claim: string;
}
