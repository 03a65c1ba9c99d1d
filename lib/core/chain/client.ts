import "server-only";
import { createPublicClient, http, type PublicClient } from "viem";
import type { Chain } from "./chains";

const clients = new Map<string, PublicClient>();

export function chainClient(chain: Chain): PublicClient {
  let client = clients.get(chain.id);
  if (!client) {
    client = createPublicClient({
      transport: http(chain.rpcUrl, { timeout: 10_000, retryCount: 2 }),
    }) as PublicClient;
    clients.set(chain.id, client);
  }
  return client;
}
