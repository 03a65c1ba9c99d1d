// Hardhat 2 as a local EVM node for the live-mode tests: offline, no compiler downloads (contracts
// are compiled with solc-js by the tests themselves).
module.exports = {
  networks: {
    hardhat: {
      chainId: 31337,
      // One block per transaction, plus any the tests mine, so confirmation counts are exact.
      mining: { auto: true, interval: 0 },
      accounts: { count: 10 },
      // A reverting transaction is mined and reported by its receipt, as on a real chain.
      throwOnTransactionFailures: false,
      throwOnCallFailures: false,
    },
  },
};
