import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Tollgate's Solidity (this folder) and the suite's test tokens (e2e/chain), compiled with solc-js
// and OpenZeppelin from node_modules: no compiler download, the same bytes on every machine. Used by
// the suite to deploy on its Hardhat node and by scripts/deploy-contract.ts for real chains.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const folders = [path.join(root, "contracts"), path.join(root, "e2e/chain")];

export type Compiled = { abi: unknown[]; bytecode: `0x${string}` };

const compiled = new Map<string, Compiled>();

/** Compiles `<contract>.sol` from contracts/ or e2e/chain/ (once per process). */
export function compileContract(contract: string): Compiled {
  const cached = compiled.get(contract);
  if (cached) return cached;
  // solc-js is CommonJS only.
  const solc = createRequire(import.meta.url)("solc") as {
    compile(
      input: string,
      options: { import: (p: string) => { contents: string } | { error: string } },
    ): string;
  };
  const file = `${contract}.sol`;
  const found = folders.map((f) => path.join(f, file)).find((f) => fs.existsSync(f));
  if (!found) throw new Error(`No ${file} in contracts/ or e2e/chain/`);
  const input = {
    language: "Solidity",
    sources: { [file]: { content: fs.readFileSync(found, "utf8") } },
    settings: { outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), {
      // Our own contracts first (one may build on another), then OpenZeppelin's.
      import: (p) => {
        const hit = [...folders, path.join(root, "node_modules")]
          .map((f) => path.join(f, p))
          .find((f) => fs.existsSync(f));
        return hit ? { contents: fs.readFileSync(hit, "utf8") } : { error: `not found: ${p}` };
      },
    }),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const built = output.contracts[file]![contract]!;
  const result = { abi: built.abi, bytecode: `0x${built.evm.bytecode.object}` as const };
  compiled.set(contract, result);
  return result;
}
