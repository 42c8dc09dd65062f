import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import styles from './places.module.css';

export interface MapPickerProps {
  latitude: number | null;
  longitude: number | null;
  onPick: (latitude: number, longitude: number) => void;
  tileUrl: string;
  attribution: string;
  texts: { label: string; tilesFailed: string };
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Picks a point on a Leaflet map (the library the /branches map uses, in its own lazy chunk): a click or
 * dragging the pin sets the coordinates; typed coordinates move the pin.
 */
export default function MapPicker({ latitude, longitude, onPick, tileUrl, attribution, texts }: MapPickerProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const [tilesFailed, setTilesFailed] = useState(!tileUrl);

  useEffect(() => {
    if (!element.current) return;
    const instance = L.map(element.current, { scrollWheelZoom: false });
    instance.setView([48, 68], 4);
    if (tileUrl) {
      let loaded = 0;
      const tiles = L.tileLayer(tileUrl, { attribution, maxZoom: 19, crossOrigin: true });
      tiles.on('tileload', () => {
        loaded += 1;
        setTilesFailed(false);
      });
      tiles.on('tileerror', () => {
        if (loaded === 0) setTilesFailed(true);
      });
      tiles.addTo(instance);
    }
    instance.on('click', (e: L.LeafletMouseEvent) => pick.current(round(e.latlng.lat), round(e.latlng.lng)));
    instance.getContainer().setAttribute('aria-label', texts.label);
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
      marker.current = null;
    };
  }, [tileUrl, attribution, texts.label]);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    if (latitude === null || longitude === null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      marker.current = L.marker([latitude, longitude], {
        draggable: true,
        icon: L.divIcon({
          className: styles.pinWrap ?? '',
          html: `<span class="${styles.pin ?? ''}"></span>`,
          iconSize: [30, 40],
          iconAnchor: [15, 38],
        }),
      })
        .on('dragend', () => {
          const at = marker.current!.getLatLng();
          pick.current(round(at.lat), round(at.lng));
        })
        .addTo(instance);
      instance.setView([latitude, longitude], 14);
    } else {
      marker.current.setLatLng([latitude, longitude]);
      if (!instance.getBounds().contains([latitude, longitude])) instance.panTo([latitude, longitude]);
    }
  }, [latitude, longitude]);

  return (
    <div className={styles.mapWrap}>
      <div ref={element} className={styles.map} data-testid="branch-map-picker" />
      {tilesFailed && (
        <p className={styles.mapNotice} role="status">
          {texts.tilesFailed}
        </p>
      )}
    </div>
  );
}
