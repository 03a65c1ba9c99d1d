import type { KnownAsset } from "./assets";

// The EVM tokens WalletConnect Pay accepts in general availability (its "Token and Chain Coverage"
// page: contract addresses exactly as listed there), plus native ether, which Tollgate already
// took. Decimals are the contracts' own `decimals()`. What each token implements is what Tollgate
// relies on to make its payments gasless:
// - `eip3009` (the EIP-712 domain pinned here): the buyer signs a transferWithAuthorization;
// - `eip2612`: the buyer signs a `permit` for Tollgate's collector once, then one signature per payment;
// - neither: the buyer approves the collector once with a transaction, then one signature per payment.
// A token may implement more than it is marked with; marking less only costs the buyer one approval.

type Peg = KnownAsset["peggedTo"];

function erc20(
  chainId: string,
  address: string,
  symbol: string,
  name: string,
  decimals: number,
  peggedTo: Peg,
  extra: Partial<Pick<KnownAsset, "eip3009" | "eip2612" | "approveResetFirst">> = {},
): KnownAsset {
  return { id: `${chainId}/erc20:${address}`, symbol, name, decimals, chainId, peggedTo, ...extra };
}

// Circle's USDC (FiatToken v2): EIP-3009 and EIP-2612; the domain is pinned where Tollgate has
// relayed it for long, and read from the token where it has not.
const circleUsdc = (chainId: string, address: string, pinned: boolean) =>
  erc20(chainId, address, "USDC", "USD Coin", 6, "USD", {
    eip2612: true,
    ...(pinned ? { eip3009: { name: "USD Coin", version: "2" } } : {}),
  });
const usdt = (chainId: string, address: string, decimals = 6, approveResetFirst = false) =>
  erc20(
    chainId,
    address,
    "USDT",
    "Tether USD",
    decimals,
    "USD",
    approveResetFirst ? { approveResetFirst } : {},
  );
const eurau = (chainId: string) =>
  erc20(chainId, "0x4933A85b5b5466Fbaf179F72D3DE273c287EC2c2", "EURAU", "AllUnity EUR", 6, "EUR");
const ausd = (chainId: string) =>
  erc20(chainId, "0x00000000eFE302BEAA2b3e6e1b18d08D69a9012a", "AUSD", "Agora Dollar", 6, "USD");
const weth = (chainId: string, address: string) =>
  erc20(chainId, address, "WETH", "Wrapped Ether", 18, undefined);
const nativeEth = (chainId: string): KnownAsset => ({
  id: `${chainId}/slip44:60`,
  symbol: "ETH",
  name: "Ether",
  decimals: 18,
  chainId,
});

export const evmAssets: KnownAsset[] = [
  // Ethereum
  circleUsdc("eip155:1", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", true),
  // Tether on Ethereum: no permit, no EIP-3009, and `approve` of a new allowance reverts unless the old one is 0.
  usdt("eip155:1", "0xdAC17F958D2ee523a2206206994597C13D831ec7", 6, true),
  erc20("eip155:1", "0x1aBaEA1f7C830bD89Acc67eC4af516284b1bC33c", "EURC", "Euro Coin", 6, "EUR", {
    eip2612: true,
  }),
  eurau("eip155:1"),
  ausd("eip155:1"),
  erc20("eip155:1", "0xe343167631d89B6Ffc58B88d6b7fB0228795491D", "USDG", "Global Dollar", 6, "USD"),
  erc20("eip155:1", "0x6c3ea9036406852006290770BEdFcAbA0e23A0e8", "PYUSD", "PayPal USD", 6, "USD"),
  weth("eip155:1", "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"),
  nativeEth("eip155:1"),
  // Base
  circleUsdc("eip155:8453", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", true),
  usdt("eip155:8453", "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2"),
  erc20("eip155:8453", "0x60a3E35Cc302bFA44Cb288Bc5a4F316Fdb1adb42", "EURC", "Euro Coin", 6, "EUR", {
    eip2612: true,
  }),
  eurau("eip155:8453"),
  ausd("eip155:8453"),
  weth("eip155:8453", "0x4200000000000000000000000000000000000006"),
  nativeEth("eip155:8453"),
  // Optimism
  circleUsdc("eip155:10", "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", true),
  usdt("eip155:10", "0x94b008aA00579c1307B0EF2c499aD98a8ce58e58"),
  eurau("eip155:10"),
  weth("eip155:10", "0x4200000000000000000000000000000000000006"),
  nativeEth("eip155:10"),
  // Arbitrum One
  circleUsdc("eip155:42161", "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", true),
  usdt("eip155:42161", "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9"),
  eurau("eip155:42161"),
  ausd("eip155:42161"),
  erc20("eip155:42161", "0x46850aD61C2B7d64d08c9C754F45254596696984", "PYUSD", "PayPal USD", 6, "USD"),
  weth("eip155:42161", "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1"),
  nativeEth("eip155:42161"),
  // Polygon (its native coin is POL; ether there is the bridged WETH token)
  circleUsdc("eip155:137", "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", true),
  usdt("eip155:137", "0xc2132D05D31c914a87C6611C10748AEb04B58e8F"),
  erc20("eip155:137", "0xE0aEa583266584DafBB3f9C3211d5588c73fEa8d", "EURe", "Monerium EURe", 18, "EUR", {
    eip2612: true,
  }),
  eurau("eip155:137"),
  weth("eip155:137", "0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619"),
  erc20("eip155:137", "0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270", "WPOL", "Wrapped POL", 18, undefined),
  // BNB Smart Chain: Binance-pegged USDC and USDT have 18 decimals and neither permit nor EIP-3009.
  erc20("eip155:56", "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d", "USDC", "USD Coin", 18, "USD"),
  usdt("eip155:56", "0x55d398326f99059fF775485246999027B3197955", 18),
  ausd("eip155:56"),
  // Celo and Monad: Circle's USDC
  circleUsdc("eip155:42220", "0xcebA9300f2b948710d2653dD7B07f33A8B32118C", false),
  circleUsdc("eip155:143", "0x754704Bc059F8C67012fEd69BC8A327a5aafb603", false),
];
