// Plain JavaScript on purpose: Node.js strips the types of a .ts file with a WebAssembly compiler it loads on
// first use. Loaded with `--import` before any .ts module, this turns on Node's compile cache, which keeps each
// module's stripped source and V8 code (checked against the source's hash, so an edit is never served stale).
// A start that finds the cache never loads the type stripper: faster, and some 15 MB less resident
// (docs/decisions/0084-compile-cache.md).
import module from 'node:module'

// The directory is NODE_COMPILE_CACHE when set, else node-compile-cache in the system's temporary directory.
// A cache that cannot be written (a read-only disk) leaves the shop running as before, only slower to start.
module.enableCompileCache()
