import { distanceKm } from '@saathi/contracts';
/**
 * The coarse areas the community digest counts activity in: a fixed list of cities. A post is
 * counted in the nearest one within AREA_RADIUS_KM, else in OTHER_AREA — never in anything
 * finer than a city, so no count can point at a street or a person.
 */
export const DIGEST_CITIES = [
  { name: 'New Delhi', latitude: 28.6139, longitude: 77.209 },
  { name: 'Mumbai', latitude: 19.076, longitude: 72.8777 },
  { name: 'Bangalore', latitude: 12.9716, longitude: 77.5946 },
  { name: 'Chennai', latitude: 13.0827, longitude: 80.2707 },
  { name: 'Kolkata', latitude: 22.5726, longitude: 88.3639 },
  { name: 'Hyderabad', latitude: 17.385, longitude: 78.4867 },
  { name: 'Pune', latitude: 18.5204, longitude: 73.8567 },
  { name: 'Ahmedabad', latitude: 23.0225, longitude: 72.5714 },
  { name: 'Jaipur', latitude: 26.9124, longitude: 75.7873 },
  { name: 'Lucknow', latitude: 26.8467, longitude: 80.9462 },
  { name: 'Chandigarh', latitude: 30.7333, longitude: 76.7794 },
  { name: 'Kochi', latitude: 9.9312, longitude: 76.2673 },
] as const;

export const OTHER_AREA = 'other places';
/** A city's reach: its metropolitan area, roughly. */
export const AREA_RADIUS_KM = 60;

/** The city a point counts in (or OTHER_AREA). */
export function areaOf(point: { latitude: number; longitude: number }): string {
  let best: { name: string; km: number } | null = null;
  for (const city of DIGEST_CITIES) {
    const km = distanceKm(point, city);
    if (km <= AREA_RADIUS_KM && (!best || km < best.km)) best = { name: city.name, km };
  }
  return best?.name ?? OTHER_AREA;
}
