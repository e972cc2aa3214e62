/**
 * The largest value an INTEGER column holds on both dialects (PostgreSQL's int4). Conditional
 * upserts compare counts with it where a limit is unlimited, so every comparison has a number and
 * the statement stays one shape.
 */
export const INTEGER_CEILING = 2_147_483_647;
