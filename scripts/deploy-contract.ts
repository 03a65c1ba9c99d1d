// Deploys one of Tollgate's contracts on a chain, compiled here with solc-js and OpenZeppelin from
// node_modules (the bytes the suite tests), and prints the line to configure:
//   DEPLOYER_KEY=0x… npx tsx scripts/deploy-contract.ts collector <rpc url>
//   DEPLOYER_KEY=0x… npx tsx scripts/deploy-contract.ts deposit-factory <rpc url>
// Neither contract has an owner or settings: any account may deploy it, once per chain, and the
// deployer keeps no power over it. See the README, "Deploying Tollgate's contracts".
import { createPublicClient, createWalletClient, defineChain, http, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { compileContract } from "@/contracts/compile";

/** Each deployable contract: its Solidity name and the variable that names its address on chain `<id>`. */
const contracts = {
  collector: { source: "TollgateCollector", variable: "COLLECTOR_EIP155" },
  "deposit-factory": { source: "DepositFactory", variable: "DEPOSIT_FACTORY_EIP155" },
} as const;

const [name, rpcUrl] = process.argv.slice(2);
const key = process.env.DEPLOYER_KEY as Hex | undefined;
const contract = contracts[name as keyof typeof contracts];
if (!contract || !rpcUrl || !key || !/^0x[0-9a-fA-F]{64}$/.test(key)) {
  console.error(
    `Usage: DEPLOYER_KEY=0x<private key> npx tsx scripts/deploy-contract.ts <${Object.keys(contracts).join("|")}> <rpc url>`,
  );
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
const { abi, bytecode } = compileContract(contract.source);
const wallet = createWalletClient({ account: privateKeyToAccount(key), chain, transport: http(rpcUrl) });
const hash = await wallet.deployContract({ abi, bytecode, args: [] });
const receipt = await publicClient.waitForTransactionReceipt({ hash });
if (receipt.status !== "success" || !receipt.contractAddress) {
  console.error(`The deployment ${hash} failed.`);
  process.exit(1);
}
console.log(`${contract.variable}_${chainId}=${receipt.contractAddress}`);
