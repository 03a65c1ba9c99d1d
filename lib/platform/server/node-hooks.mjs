// Loaded with `tsx --import` for code that runs outside Next (the server launcher, CLIs, seed).
// Next resolves `server-only` itself; plain Node has no such module, so it becomes an empty one here.
import { register } from "node:module";

const hooks = `
export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,", shortCircuit: true };
  return next(specifier, context);
}`;

register(`data:text/javascript,${encodeURIComponent(hooks)}`);
