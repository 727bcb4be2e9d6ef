/**
 * The path of a call with its parameters filled in (each encoded as one path segment). Its own module, without
 * zod: browser code builds its URLs with it and loads no schema for that (docs/decisions/0071).
 */
export function pathOf(
  endpoint: { readonly path: string },
  params: Readonly<Record<string, unknown>> = {},
): string {
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name])),
  )
}
