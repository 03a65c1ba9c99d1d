// The peer's own (empty) instrumentation: without it Next's build takes the repository's, which
// refuses to serve outside Tollgate's server.
export function register() {}
