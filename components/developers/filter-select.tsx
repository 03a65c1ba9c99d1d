import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";

/** One labelled filter of a GET filter form: "all" first, then the choices. */
export function FilterSelect({
  id,
  name,
  label,
  allLabel,
  value,
  options,
  className = "w-56 max-w-full",
}: {
  id: string;
  name: string;
  label: string;
  allLabel: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  className?: string;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} name={name} defaultValue={value ?? ""} className={className}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
