import "server-only";
import { headers } from "next/headers";
import { clientAddress } from "./client-address";

/** The caller's address in a server action or page (see clientAddress). */
export async function requestAddress(): Promise<string | null> {
  return clientAddress(Object.fromEntries((await headers()).entries()));
}
