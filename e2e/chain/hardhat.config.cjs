// Hardhat 2 as a local EVM node for the live-mode tests: offline, no compiler downloads (contracts
// are compiled with solc-js by the tests themselves).
module.exports = {
  networks: {
    hardhat: {
      // Tests run the node as the chain they configure an RPC for (TOLLGATE_TEST_CHAIN_ID).
      chainId: Number(process.env.TOLLGATE_TEST_CHAIN_ID || 31337),
      // One block per transaction, plus any the tests mine, so confirmation counts are exact.
      mining: { auto: true, interval: 0 },
      accounts: { count: 10 },
      // A reverting transaction is mined and reported by its receipt, as on a real chain.
      throwOnTransactionFailures: false,
      throwOnCallFailures: false,
      // Block times follow the wall clock instead of racing ahead one second per block.
      allowBlocksWithSameTimestamp: true,
    },
  },
};
