import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface StoredSecrets {
  readonly linkSigningSecret: string;
  /** 64 hexadecimal digits. */
  readonly dataEncryptionKey: string;
}

/**
 * The embedded default's secrets, generated once and kept beside the database so links and
 * encrypted keys survive a restart. Written with mode 0600 and the exclusive flag, so two processes
 * starting at once cannot each write a different secret: the loser reads the winner's file.
 * The values are never logged.
 */
export function loadOrCreateSecretsFile(file: string): StoredSecrets {
  const existing = readSecrets(file);
  if (existing !== undefined) return existing;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const fresh: StoredSecrets = {
    linkSigningSecret: randomBytes(32).toString('hex'),
    dataEncryptionKey: randomBytes(32).toString('hex'),
  };
  try {
    writeFileSync(file, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      const raced = readSecrets(file);
      if (raced !== undefined) return raced;
    }
    throw new Error(`Cannot write the generated secrets to ${file}: check that DATA_DIR is writable`);
  }
}

function readSecrets(file: string): StoredSecrets | undefined {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`Cannot read ${file}: check its permissions`);
  }
  try {
    const parsed = JSON.parse(raw) as Partial<StoredSecrets>;
    if (
      typeof parsed.linkSigningSecret === 'string' && parsed.linkSigningSecret.length >= 32 &&
      typeof parsed.dataEncryptionKey === 'string' && /^[0-9a-f]{64}$/i.test(parsed.dataEncryptionKey)
    ) {
      return { linkSigningSecret: parsed.linkSigningSecret, dataEncryptionKey: parsed.dataEncryptionKey };
    }
  } catch {
    // fall through to the error below
  }
  throw new Error(`${file} is damaged: restore it from a backup (deleting it invalidates existing links and API keys)`);
}
