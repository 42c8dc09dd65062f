import { useCallback, useEffect, useState } from 'react';
import type { LatLng } from '../../../lib/content/distance';

export type GeoStatus = 'idle' | 'asking' | 'granted' | 'denied' | 'unavailable';

export interface Geolocation {
  status: GeoStatus;
  position: LatLng | null;
  /** Asks the browser for the position (the permission prompt, the first time). */
  request: () => void;
}

/**
 * The user's position, only when they agree to share it. It is asked for on request; when the
 * permission was already granted earlier, it is read at once. A refusal leaves the page as it was.
 */
export function useGeolocation(): Geolocation {
  const [status, setStatus] = useState<GeoStatus>('idle');
  const [position, setPosition] = useState<LatLng | null>(null);

  const request = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setStatus('unavailable');
      return;
    }
    setStatus('asking');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setPosition({ latitude: pos.coords.latitude, longitude: pos.coords.longitude });
        setStatus('granted');
      },
      (error) => setStatus(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  }, []);

  useEffect(() => {
    let cancelled = false;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((permission) => {
        if (!cancelled && permission.state === 'granted') request();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [request]);

  return { status, position, request };
}
