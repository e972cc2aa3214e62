import Type from 'typebox';

/** D23's key as a tool argument: what the Idempotency-Key header carries over HTTP. */
export const IdempotencyKeySchema = Type.String({
  minLength: 1,
  maxLength: 255,
  description: '1 to 255 printable ASCII characters. A repeat of the same call with the same key within 24 hours answers the first result again, without generating or metering. Keys of this tool and of POST /api/generate-invoice never answer each other.',
});
