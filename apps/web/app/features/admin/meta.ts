/** Every back-office page's head: its loader's title (the page and the back office), never indexed. */
export const adminMeta = ({ loaderData }: { loaderData?: { title?: string } | null }) => [
  { title: loaderData?.title ?? 'Back office' },
  { name: 'robots', content: 'noindex' },
]
