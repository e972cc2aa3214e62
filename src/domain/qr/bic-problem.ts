/** ISO 9362: 4 letters (institution), 2 letters (country), 2 letters or digits (location), optional 3 (branch). */
const BIC_SHAPE = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** What is wrong with a BIC (capitals, no spaces), or undefined when it has the ISO 9362 shape. */
export function bicProblem(bic: string): string | undefined {
  return BIC_SHAPE.test(bic)
    ? undefined
    : 'must be a BIC of 8 or 11 letters and digits in capitals, for example DEUTDEFF or DEUTDEFF500';
}
