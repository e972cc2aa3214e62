import { AppError } from '../../errors/app-error.ts';

/** 404 for a webhook this account does not hold, whether or not another account does. */
export function webhookNotFound(id: string): AppError {
  return new AppError('not_found', `This account has no webhook ${JSON.stringify(id.slice(0, 80))}: list yours with GET /api/webhooks.`);
}
