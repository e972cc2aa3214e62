import assert from 'node:assert/strict';
import { AppError } from '../../src/errors/app-error.ts';

/** Asserts a validation_error whose message starts with the field path and matches `pattern`. */
export async function refused(promise: Promise<unknown>, pattern: RegExp, path = 'from.logo'): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
    assert.equal(error.code, 'validation_error');
    assert.ok(error.message.startsWith(`${path} `), error.message);
    assert.match(error.message, pattern);
    return true;
  });
}
