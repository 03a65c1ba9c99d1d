import "server-only";
import { randomBase62 } from "@/lib/core/ids/ids";
import { encrypt } from "@/lib/core/config/secrets";

/** A new endpoint signing secret, and the only form of it that is stored. */
export function newSigningSecret(): { secret: string; secretEncrypted: string } {
  const secret = `whsec_${randomBase62(32)}`;
  return { secret, secretEncrypted: encrypt(secret) };
}
