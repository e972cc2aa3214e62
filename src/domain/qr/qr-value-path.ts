/** The field path every payload error names (messages name the field). */
export const QR_VALUE_PATH = 'payment.qr.value';
