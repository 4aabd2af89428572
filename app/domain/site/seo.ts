/** Title, description and canonical link of a page, as React Router meta descriptors. */
export function pageMeta({
  title,
  description,
  baseUrl,
  path,
  noindex = false,
}: {
  title: string;
  description: string;
  baseUrl: string;
  path: string;
  noindex?: boolean;
}) {
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: `${baseUrl}${path}` },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: `${baseUrl}${path}` },
    { property: "og:locale", content: "es_ES" },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** The shop's name and base URL from the root loader's data, for meta functions. */
export function shopFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { shop?: { name: string; baseUrl: string } }
    | undefined;
  return { name: root?.shop?.name ?? "Termoclima Madrid", baseUrl: root?.shop?.baseUrl ?? "" };
}
