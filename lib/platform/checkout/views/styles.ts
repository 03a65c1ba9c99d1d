// The checkout's whole stylesheet, inlined in its page without Tailwind, so the page needs no
// stylesheet request and no framework. Its colours and fonts are the dashboard's design tokens
// (app/tokens.css), which the page declares as custom properties before this.
export const checkoutCss = `
*,::before,::after{box-sizing:border-box;margin:0;padding:0;border:0 solid var(--color-border)}
html{-webkit-text-size-adjust:100%;line-height:1.5}
body{min-height:100vh;font-family:var(--font-sans);color:var(--color-foreground);background:var(--color-canvas);-webkit-font-smoothing:antialiased}
h1,h2{font-size:inherit;font-weight:inherit}
img,svg{display:block}
button{font:inherit;color:inherit;background:none;cursor:pointer}
a{color:inherit;text-decoration:none}
a.link{text-decoration:underline;text-underline-offset:2px}
.support{overflow-wrap:anywhere}
[hidden]{display:none!important}
.banner{padding:.5rem 1rem;text-align:center;font-size:.875rem;line-height:1.25rem;font-weight:700;letter-spacing:.025em;color:var(--color-foreground);background:repeating-linear-gradient(135deg,var(--color-warning) 0 12px,var(--color-warning-light) 12px 24px)}
.wrap{margin:0 auto;display:flex;width:100%;max-width:28rem;flex-direction:column;gap:1.5rem;padding:1.5rem 1rem}
.card{display:flex;flex-direction:column;gap:1.5rem;border:1px solid var(--color-border);border-radius:.75rem;background:var(--color-background);padding:1.25rem;box-shadow:0 1px 3px 0 rgb(0 0 0/.1),0 1px 2px -1px rgb(0 0 0/.1)}
.stack{display:flex;flex-direction:column;gap:.75rem}
.head{display:flex;flex-direction:column;align-items:center;gap:.5rem;text-align:center}
.avatar{width:3.5rem;height:3.5rem;border-radius:9999px;border:1px solid var(--color-border);object-fit:cover}
span.avatar{display:flex;align-items:center;justify-content:center;border:0;background:var(--color-primary);color:var(--color-primary-foreground);font-size:1.25rem;font-weight:600}
.merchant{font-size:.875rem;line-height:1.25rem;font-weight:500}
.medium{font-weight:500}
.amount{font-size:2.25rem;line-height:2.5rem;font-weight:700;letter-spacing:-.025em;overflow-wrap:anywhere}
.ref{max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.small{font-size:.875rem;line-height:1.25rem}
.xs,.ref,.footnote{font-size:.75rem;line-height:1rem}
.muted,.ref,.footnote{color:var(--color-muted-foreground)}
.center,.footnote{text-align:center}
.mono{font-family:var(--font-mono);font-variant-numeric:tabular-nums}
.break{word-break:break-all}
.copies{display:flex;gap:.5rem}
.copy{flex:1;min-height:2.25rem;border:1px solid var(--color-border);border-radius:.375rem;padding:.25rem .75rem;font-size:.75rem;font-weight:500;background:var(--color-background)}
.copy:hover{background:var(--color-muted)}
.copy:focus-visible{outline:2px solid var(--color-primary);outline-offset:2px}
.waiting{display:flex;align-items:center;justify-content:center;gap:.5rem}
.pending{padding:1.5rem 0;text-align:center}
[data-status=requires_action]>.pending,[data-status]:not([data-status=requires_action])>.awaiting{display:none}
.awaiting{display:flex;flex-direction:column;gap:1.5rem}
.btn{display:inline-flex;height:2.75rem;align-items:center;justify-content:center;gap:.5rem;border-radius:.375rem;padding:0 1.25rem;font-size:.875rem;line-height:1.25rem;font-weight:500;transition:background-color .15s}
.btn:focus-visible{outline:2px solid var(--color-primary);outline-offset:2px}
.btn:disabled{pointer-events:none;opacity:.5}
.primary{background:var(--color-primary);color:var(--color-primary-foreground)}
.primary:hover{background:color-mix(in srgb,var(--color-primary) 90%,transparent)}
.secondary{border:1px solid var(--color-border);background:var(--color-background)}
.secondary:hover{background:var(--color-muted)}
.wide{width:100%}
.alert{font-size:.875rem;line-height:1.25rem;color:var(--color-destructive);overflow-wrap:anywhere}
.simulator{border:2px dashed var(--color-warning);border-radius:.5rem;padding:1rem;background:color-mix(in srgb,var(--color-warning-light) 12%,var(--color-background))}
.note{width:100%;border-radius:.375rem;background:var(--color-muted);padding:.75rem}
.option{border:1px solid var(--color-border);border-radius:.5rem}
.option[open]{border-color:var(--color-primary)}
.option summary{display:flex;cursor:pointer;list-style:none;align-items:center;justify-content:space-between;gap:.75rem;padding:1rem}
.option summary::-webkit-details-marker{display:none}
.option summary>span:first-child{display:flex;flex-direction:column}
.option-body{display:flex;flex-direction:column;align-items:center;gap:1rem;border-top:1px solid var(--color-border);padding:1rem}
.option-body strong{color:var(--color-foreground);font-weight:600;white-space:nowrap}
.option-body .mono{color:var(--color-foreground)}
.qr{width:100%;max-width:15rem;height:auto;background:var(--color-background)}
[data-testid=walletconnect-pairing]{align-items:center}
.option summary .mono{overflow-wrap:anywhere;text-align:right}
.option-body strong{overflow-wrap:anywhere}
.option-body[data-pairing]>[data-testid=payment-qr],.option-body[data-pairing]>[data-testid=open-in-wallet]{display:none}
.links{display:grid;width:100%;grid-template-columns:1fr 1fr;gap:.5rem}
.outcome{display:flex;flex-direction:column;align-items:center;gap:.75rem;padding:1.5rem 0;text-align:center}
.outcome h2{font-size:1.25rem;line-height:1.75rem;font-weight:600}
.outcome p{max-width:100%;overflow-wrap:anywhere}
.outcome .btn{margin-top:.5rem}
.icon{width:3.5rem;height:3.5rem}
.tone-success{color:var(--color-success)}
.tone-error{color:var(--color-destructive)}
.facts{width:100%;border-radius:.375rem;background:var(--color-muted);padding:.75rem;text-align:left;font-size:.75rem;line-height:1rem}
.facts>div{display:flex;justify-content:space-between;gap:.75rem}
.facts>div+div{margin-top:.25rem}
.facts dt{flex-shrink:0;color:var(--color-muted-foreground)}
body:has(.nf){background:var(--color-background)}
.nf{margin:0 auto;display:flex;min-height:100vh;max-width:28rem;flex-direction:column;align-items:center;justify-content:center;gap:.75rem;padding:0 1.5rem;text-align:center}
.nf h1{font-size:1.5rem;line-height:2rem;font-weight:600}
.nf .code{font-size:.875rem;font-weight:600;color:var(--color-primary)}
`;
