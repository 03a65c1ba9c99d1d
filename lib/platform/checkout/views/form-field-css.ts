/** The rules of a labelled input with its hint and error, as the link and details pages' forms show them. */
export const formFieldCss = `
.field{display:flex;flex-direction:column;gap:.375rem;text-align:left}
.field label{font-size:.875rem;font-weight:500}
.field input{height:2.75rem;border:1px solid #cbd5e1;border-radius:.375rem;padding:0 .75rem;font:inherit;font-size:1rem;background:#fff}
.field input:focus-visible{outline:2px solid #4f46e5;outline-offset:1px}
.field input[aria-invalid=true]{border-color:var(--color-destructive)}
`;
