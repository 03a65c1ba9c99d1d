import { notFound } from "next/navigation";
import { SectionTabs } from "@/components/dashboard/section-tabs";
import { parseMode } from "@/lib/core/tenancy/modes";

export default async function DevelopersLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ mode: string }>;
}) {
  const mode = parseMode((await params).mode);
  if (!mode) notFound();
  return (
    <div className="space-y-6">
      <SectionTabs
        label="Developers"
        items={[
          { href: `/${mode}/developers`, label: "API keys" },
          { href: `/${mode}/developers/quickstart`, label: "Quickstart" },
          { href: `/${mode}/developers/webhooks`, label: "Webhooks" },
          { href: `/${mode}/developers/events`, label: "Events" },
          { href: `/${mode}/developers/requests`, label: "Request log" },
        ]}
      />
      {children}
    </div>
  );
}
