// The Google Maps browser key of this deployment. The gateway writes it into the page
// (`<meta name="saathi-maps-key">`, from MAPS_BROWSER_KEY), so one build serves every
// deployment and the location picker knows, without a request, whether it can show a map.

export function mapsBrowserKey(): string | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="saathi-maps-key"]');
  const key = meta?.content.trim();
  return key ? key : null;
}
