import { toBase64Url } from '../../../domain/offlineTicket';
import { loadLeaseKey, saveLeaseKey } from './counterStore';

/**
 * The counter's Ed25519 key for a lease (WebCrypto; Chromium has it): made in the browser with a non-extractable
 * private key kept in IndexedDB, its public key registered with the lease, so tickets sold offline carry a signature
 * a scanner checks with the lease's public key alone.
 */
export async function leaseKey(leaseId: number): Promise<{ privateKey: CryptoKey; publicKey: string }> {
  const kept = await loadLeaseKey(leaseId);
  if (kept) return kept;
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
  await saveLeaseKey(leaseId, pair.privateKey, publicKey);
  return { privateKey: pair.privateKey, publicKey };
}

export async function signText(privateKey: CryptoKey, text: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, privateKey, new TextEncoder().encode(text))));
}
