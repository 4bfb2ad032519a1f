/**
 * Where profile secrets (client secret, API key) are kept. Electron: sealed with safeStorage (the OS
 * keychain / DPAPI / libsecret) and written sealed; where safeStorage only has its `basic_text` backend the
 * app says so. The browser host keeps secrets in memory only: nothing readable is written to disk.
 */
import type { SecretStorage } from './bridge-api.ts';

export interface SecretBox {
  readonly storage: SecretStorage;
  /** Whether sealed secrets may be written to disk (false: keep them in memory for this process only). */
  readonly persistent: boolean;
  seal(secret: string): string;
  open(sealed: string): string;
}

/** Secrets live only as long as the process: the browser host's box. */
export function memorySecretBox(): SecretBox {
  return {
    storage: 'memory-only',
    persistent: false,
    seal: (secret) => secret,
    open: (sealed) => sealed,
  };
}

/** The part of Electron's safeStorage the box uses (a mocked one in tests). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Uint8Array;
  decryptString(sealed: Buffer): string;
  /** Linux only. */
  getSelectedStorageBackend?(): string;
}

/** Electron's safeStorage; memory-only when encryption is not available at all. */
export function safeStorageSecretBox(safeStorage: SafeStorageLike, platform: string): SecretBox {
  if (!safeStorage.isEncryptionAvailable()) return memorySecretBox();
  const backend = platform === 'linux' ? safeStorage.getSelectedStorageBackend?.() : undefined;
  return {
    storage: backend === 'basic_text' ? 'basic_text' : 'os-keychain',
    persistent: true,
    seal: (secret) => Buffer.from(safeStorage.encryptString(secret)).toString('base64'),
    open: (sealed) => safeStorage.decryptString(Buffer.from(sealed, 'base64')),
  };
}

export function secretStorageWarnings(storage: SecretStorage): string[] {
  if (storage === 'basic_text')
    return [
      'No system keyring was found: saved secrets (client secret, API key) are encrypted with a fixed key and are not protected from other programs on this computer.',
    ];
  if (storage === 'memory-only')
    return ['Secrets you enter are kept in memory only and must be entered again after a restart.'];
  return [];
}
