// Deploys Tollgate's collector (contracts/TollgateCollector.sol) on a chain, compiled here with
// solc-js and OpenZeppelin from node_modules, and prints the line to configure:
//   DEPLOYER_KEY=0x… npx tsx scripts/deploy-collector.ts <rpc url>
// The collector has no owner and no settings: any account may deploy it, once per chain, and the
// deployer keeps no power over it. See the README, "Networks and tokens".
import { createPublicClient, createWalletClient, defineChain, http, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { compileContract } from "@/contracts/compile";

const [rpcUrl] = process.argv.slice(2);
const key = process.env.DEPLOYER_KEY as Hex | undefined;
if (!rpcUrl || !key || !/^0x[0-9a-fA-F]{64}$/.test(key)) {
  console.error("Usage: DEPLOYER_KEY=0x<private key> npx tsx scripts/deploy-collector.ts <rpc url>");
  process.exit(1);
}
const publicClient = createPublicClient({ transport: http(rpcUrl) });
const chainId = await publicClient.getChainId();
const chain = defineChain({
  id: chainId,
  name: `eip155:${chainId}`,
  nativeCurrency: { name: "native", symbol: "native", decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
});
const { abi, bytecode } = compileContract("TollgateCollector");
const wallet = createWalletClient({ account: privateKeyToAccount(key), chain, transport: http(rpcUrl) });
const hash = await wallet.deployContract({ abi, bytecode, args: [] });
const receipt = await publicClient.waitForTransactionReceipt({ hash });
if (receipt.status !== "success" || !receipt.contractAddress) {
  console.error(`The deployment ${hash} failed.`);
  process.exit(1);
}
console.log(`COLLECTOR_EIP155_${chainId}=${receipt.contractAddress}`);
