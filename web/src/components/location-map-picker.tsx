/// <reference types="google.maps" />
// The map half of the location picker: its own chunk, loaded only when the dialog opens on a
// deployment with a Maps key, so neither this code nor Google's script is on any first load.
import { useCallback, useRef, useState } from 'react';
import { GoogleMap, MarkerF, StandaloneSearchBox, useJsApiLoader } from '@react-google-maps/api';
import type { Libraries } from '@react-google-maps/api';
import { LocateFixed, Loader2 } from 'lucide-react';
import { snapPoint } from '@saathi/contracts';
import { scriptNonce } from '../lib/csp-nonce';
import { coordinatesName, type UserLocation } from '../lib/location';
import { buttonPrimary, buttonSecondary, inputClass } from './ui';

// One array for the life of the page: the loader reloads the script when it gets a new one.
const LIBRARIES: Libraries = ['places'];
/** The picker's own "where am I" waits less than the screen's auto-locate (15 s). */
const PICKER_GEOLOCATION = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 };
const MAP_OPTIONS: google.maps.MapOptions = {
  clickableIcons: false,
  streetViewControl: false,
  mapTypeControl: false,
  fullscreenControl: false,
};

interface Point {
  lat: number;
  lng: number;
}

interface LocationMapPickerProps {
  apiKey: string;
  /** Where the map opens (and the marker starts). */
  start: UserLocation;
  onChoose: (location: UserLocation) => void;
  /** Back to the coordinates form: the map did not load, or the user prefers typing. */
  onUseForm: () => void;
}

/** The part of a geocoder answer a person would call the place: a neighbourhood or town. */
function placeNameOf(results: readonly google.maps.GeocoderResult[]): string | null {
  for (const kind of ['sublocality', 'neighborhood', 'locality', 'administrative_area_level_2']) {
    for (const result of results) {
      const part = result.address_components.find((component) => component.types.includes(kind));
      if (part?.long_name) return part.long_name;
    }
  }
  return results[0]?.formatted_address ?? null;
}

/** Names the point from Google's geocoder; null when it cannot (no Geocoding API on the key, offline…). */
async function reverseGeocode(point: Point): Promise<string | null> {
  try {
    const { results } = await new google.maps.Geocoder().geocode({ location: point });
    return placeNameOf(results);
  } catch {
    return null;
  }
}

/** Search a place, or click or drag the marker, then "Use This Location". */
export default function LocationMapPicker({ apiKey, start, onChoose, onUseForm }: LocationMapPickerProps) {
  const { isLoaded, loadError } = useJsApiLoader({
    id: 'saathi-google-maps',
    googleMapsApiKey: apiKey,
    libraries: LIBRARIES,
    // The CSP admits Google's script by this page's nonce only (no Google host is allowed).
    nonce: scriptNonce(),
  });
  // The centre is set once: moving the marker must not re-centre the map under the pointer.
  const [centre] = useState<Point>({ lat: start.latitude, lng: start.longitude });
  const [point, setPoint] = useState<Point>(centre);
  // A searched place's own name, good until the marker moves.
  const [placeName, setPlaceName] = useState<string | null>(start.locationName);
  const [naming, setNaming] = useState(false);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState(false);
  const mapRef = useRef<google.maps.Map | null>(null);
  const searchRef = useRef<google.maps.places.SearchBox | null>(null);

  const moveTo = useCallback((latLng: google.maps.LatLng | null | undefined) => {
    if (!latLng) return;
    setPoint({ lat: latLng.lat(), lng: latLng.lng() });
    setPlaceName(null);
  }, []);

  const locateMe = () => {
    setLocateError(false);
    if (!('geolocation' in navigator)) {
      setLocateError(true);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        const next = { lat: coords.latitude, lng: coords.longitude };
        setPoint(next);
        setPlaceName(null);
        mapRef.current?.panTo(next);
      },
      () => {
        setLocating(false);
        setLocateError(true);
      },
      PICKER_GEOLOCATION,
    );
  };

  const onPlacesChanged = () => {
    const place = searchRef.current?.getPlaces()?.[0];
    const location = place?.geometry?.location;
    if (!place || !location) return;
    const next = { lat: location.lat(), lng: location.lng() };
    setPoint(next);
    setPlaceName(place.name ?? place.formatted_address ?? null);
    mapRef.current?.panTo(next);
  };

  const chooseLocation = async () => {
    setNaming(true);
    const name = placeName ?? (await reverseGeocode(point)) ?? coordinatesName(point.lat, point.lng);
    setNaming(false);
    // The map may hold a GPS fix ("use my location"); only its grid point leaves the picker.
    onChoose({ ...snapPoint({ latitude: point.lat, longitude: point.lng }), locationName: name });
  };

  if (loadError) {
    return (
      <div className="mt-4 space-y-3">
        <p role="alert" className="text-sm text-red-700">
          Error loading Google Maps
        </p>
        <button type="button" className={`${buttonSecondary} w-full`} onClick={onUseForm}>
          Enter coordinates instead
        </button>
      </div>
    );
  }
  if (!isLoaded) {
    return (
      <p className="mt-4 flex h-72 items-center justify-center gap-2 text-sm text-slate-600" role="status">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        Loading map…
      </p>
    );
  }
  return (
    <div className="mt-4 space-y-3">
      <StandaloneSearchBox
        onLoad={(box) => {
          searchRef.current = box;
        }}
        onPlacesChanged={onPlacesChanged}
      >
        <input
          type="search"
          aria-label="Search for a place"
          placeholder="Search for a place"
          className={inputClass}
        />
      </StandaloneSearchBox>
      <GoogleMap
        mapContainerClassName="h-64 w-full rounded-xl"
        mapContainerStyle={{ minHeight: '16rem' }}
        center={centre}
        zoom={14}
        options={MAP_OPTIONS}
        onLoad={(map) => {
          mapRef.current = map;
        }}
        onClick={(event) => moveTo(event.latLng)}
      >
        <MarkerF
          position={point}
          draggable
          title="Selected location"
          onDragEnd={(event) => moveTo(event.latLng)}
        />
      </GoogleMap>
      <button type="button" className={`${buttonSecondary} w-full`} onClick={locateMe} disabled={locating}>
        {locating ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <LocateFixed className="h-4 w-4" aria-hidden="true" />
        )}
        Use My Current Location
      </button>
      {locateError ? (
        <p role="alert" className="text-sm text-red-700">
          Unable to get location
        </p>
      ) : null}
      <p className="text-sm text-slate-600" aria-live="polite">
        Selected: {placeName ?? coordinatesName(point.lat, point.lng)}
      </p>
      <button
        type="button"
        className={`${buttonPrimary} w-full`}
        disabled={naming}
        onClick={() => void chooseLocation()}
      >
        {naming ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
        Use This Location
      </button>
      <button
        type="button"
        className="text-sm text-teal-800 underline-offset-2 hover:underline"
        onClick={onUseForm}
      >
        Enter coordinates instead
      </button>
    </div>
  );
}
