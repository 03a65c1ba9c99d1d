import { notFound } from "next/navigation";
import { DevelopersNav } from "@/components/developers/developers-nav";
import { parseMode } from "@/lib/modes";

export default async function DevelopersLayout({ children, params }: { children: React.ReactNode; params: Promise<{ mode: string }> }) {
  const mode = parseMode((await params).mode);
  if (!mode) notFound();
  return (
    <div className="space-y-6">
      <DevelopersNav
        items={[
          { href: `/${mode}/developers`, label: "API keys" },
          { href: `/${mode}/developers/quickstart`, label: "Quickstart" },
          { href: `/${mode}/developers/webhooks`, label: "Webhooks" },
        ]}
      />
      {children}
    </div>
  );
}
