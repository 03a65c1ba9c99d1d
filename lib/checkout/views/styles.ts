// The checkout's whole stylesheet, inlined in its page: the dashboard's palette (app/globals.css)
// without Tailwind, so the page needs no stylesheet request and no framework.
export const checkoutCss = `
*,::before,::after{box-sizing:border-box;margin:0;padding:0;border:0 solid #e2e8f0}
html{-webkit-text-size-adjust:100%;line-height:1.5}
body{min-height:100vh;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#0f172a;background:#f9fbfd;-webkit-font-smoothing:antialiased}
h1,h2{font-size:inherit;font-weight:inherit}
img,svg{display:block}
button{font:inherit;color:inherit;background:none;cursor:pointer}
a{color:inherit;text-decoration:none}
[hidden]{display:none!important}
.banner{padding:.5rem 1rem;text-align:center;font-size:.875rem;line-height:1.25rem;font-weight:700;letter-spacing:.025em;color:#000;background:repeating-linear-gradient(135deg,#f59e0b 0 12px,#fbbf24 12px 24px)}
.wrap{margin:0 auto;display:flex;width:100%;max-width:28rem;flex-direction:column;gap:1.5rem;padding:1.5rem 1rem}
.card{display:flex;flex-direction:column;gap:1.5rem;border:1px solid #e2e8f0;border-radius:.75rem;background:#fff;padding:1.25rem;box-shadow:0 1px 3px 0 rgb(0 0 0/.1),0 1px 2px -1px rgb(0 0 0/.1)}
.stack{display:flex;flex-direction:column;gap:.75rem}
.head{display:flex;flex-direction:column;align-items:center;gap:.5rem;text-align:center}
.avatar{width:3.5rem;height:3.5rem;border-radius:9999px;border:1px solid #e2e8f0;object-fit:cover}
span.avatar{display:flex;align-items:center;justify-content:center;border:0;background:rgb(79 70 229/.1);color:#4f46e5;font-size:1.25rem;font-weight:600}
.merchant{font-size:.875rem;line-height:1.25rem;font-weight:500}
.medium{font-weight:500}
.amount{font-size:2.25rem;line-height:2.5rem;font-weight:700;letter-spacing:-.025em;overflow-wrap:anywhere}
.ref{max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.small{font-size:.875rem;line-height:1.25rem}
.xs,.ref,.footnote{font-size:.75rem;line-height:1rem}
.muted,.ref,.footnote{color:#64748b}
.center,.footnote{text-align:center}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-variant-numeric:tabular-nums}
.break{word-break:break-all}
.copies{display:flex;gap:.5rem}
.copy{flex:1;min-height:2.25rem;border:1px solid #e2e8f0;border-radius:.375rem;padding:.25rem .75rem;font-size:.75rem;font-weight:500;background:#fff}
.copy:hover{background:#f1f5f9}
.copy:focus-visible{outline:2px solid #4f46e5;outline-offset:2px}
.waiting{display:flex;align-items:center;justify-content:center;gap:.5rem}
.pending{padding:1.5rem 0;text-align:center}
[data-status=requires_action]>.pending,[data-status]:not([data-status=requires_action])>.awaiting{display:none}
.awaiting{display:flex;flex-direction:column;gap:1.5rem}
.btn{display:inline-flex;height:2.75rem;align-items:center;justify-content:center;gap:.5rem;border-radius:.375rem;padding:0 1.25rem;font-size:.875rem;line-height:1.25rem;font-weight:500;transition:background-color .15s}
.btn:focus-visible{outline:2px solid #4f46e5;outline-offset:2px}
.btn:disabled{pointer-events:none;opacity:.5}
.primary{background:#4f46e5;color:#fff}
.primary:hover{background:rgb(79 70 229/.9)}
.secondary{border:1px solid #e2e8f0;background:#fff}
.secondary:hover{background:#f1f5f9}
.wide{width:100%}
.alert{font-size:.875rem;line-height:1.25rem;color:#dc2626}
.note{width:100%;border-radius:.375rem;background:#f1f5f9;padding:.75rem}
.option{border:1px solid #e2e8f0;border-radius:.5rem}
.option[open]{border-color:#4f46e5}
.option summary{display:flex;cursor:pointer;list-style:none;align-items:center;justify-content:space-between;gap:.75rem;padding:1rem}
.option summary::-webkit-details-marker{display:none}
.option summary>span:first-child{display:flex;flex-direction:column}
.option-body{display:flex;flex-direction:column;align-items:center;gap:1rem;border-top:1px solid #e2e8f0;padding:1rem}
.option-body strong{color:#0f172a;font-weight:600}
.option-body .mono{color:#0f172a}
.qr{width:100%;max-width:15rem;height:auto;background:#fff}
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
.tone-success{color:#059669}
.tone-error{color:#dc2626}
.facts{width:100%;border-radius:.375rem;background:#f1f5f9;padding:.75rem;text-align:left;font-size:.75rem;line-height:1rem}
.facts>div{display:flex;justify-content:space-between;gap:.75rem}
.facts>div+div{margin-top:.25rem}
.facts dt{flex-shrink:0;color:#64748b}
body:has(.nf){background:#fff}
.nf{margin:0 auto;display:flex;min-height:100vh;max-width:28rem;flex-direction:column;align-items:center;justify-content:center;gap:.75rem;padding:0 1.5rem;text-align:center}
.nf h1{font-size:1.5rem;line-height:2rem;font-weight:600}
.nf .code{font-size:.875rem;font-weight:600;color:#4f46e5}
`;
