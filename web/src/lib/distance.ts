/** A post's distance from the viewer: "< 0.1km away" when closer than 0.1 km, else one decimal. */
export function formatDistance(distanceKm: number): string {
  if (distanceKm < 0.1) return '< 0.1km away';
  return `${distanceKm.toFixed(1)}km away`;
}
