// Links that open a wallet app with a WalletConnect pairing URI (`…wc?uri=wc:…`). Inside a native
// app's web view, lib/core/bridge hands any such link to the operating system. With
// preferUniversalLinks, wallets are opened through their https universal links.

type Wallet = { name: string; native: string; universal: string };

export const wallets: Wallet[] = [
  { name: "MetaMask", native: "metamask://", universal: "https://metamask.app.link" },
  { name: "Trust Wallet", native: "trust://", universal: "https://link.trustwallet.com" },
  { name: "Rainbow", native: "rainbow://", universal: "https://rnbwapp.com" },
  { name: "Zerion", native: "zerion://", universal: "https://wallet.zerion.io" },
];

export function walletLinks(uri: string, preferUniversalLinks: boolean): { name: string; href: string }[] {
  const encoded = encodeURIComponent(uri);
  return wallets.map(({ name, native, universal }) => ({
    name,
    href: preferUniversalLinks ? `${universal}/wc?uri=${encoded}` : `${native}wc?uri=${encoded}`,
  }));
}
