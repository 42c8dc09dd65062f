import { useEffect, useRef, useState, type CSSProperties } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { TBranch } from '@portal/contract';
import type { LatLng } from '../../../lib/content/distance';
import styles from './branches-map.module.css';

export interface BranchesMapProps {
  branches: TBranch[];
  tileUrl: string;
  attribution: string;
  /** The user's position, shown as a dot. */
  userPosition?: LatLng | null;
  /** Texts for the popups and the notice (the map lives outside React's tree). */
  texts: { open: string; tariff: (branch: TBranch) => string; tilesFailed: string; you: string; label: string };
  onOpen?: (branch: TBranch) => void;
  /** A single branch's map: no popups, a closer zoom. */
  single?: boolean;
  height?: number;
}

function markerIcon(active: boolean) {
  return L.divIcon({
    className: styles.marker ?? '',
    html: `<span class="${styles.pin ?? ''}${active ? ` ${styles.pinActive ?? ''}` : ''}" aria-hidden="true"></span>`,
    iconSize: [30, 40],
    iconAnchor: [15, 38],
    popupAnchor: [0, -34],
  });
}

function popupContent(branch: TBranch, props: BranchesMapProps): HTMLElement {
  const root = document.createElement('div');
  root.className = styles.popup ?? '';
  const name = document.createElement('strong');
  name.textContent = branch.name;
  const address = document.createElement('span');
  address.textContent = `${branch.city}, ${branch.address}`;
  const tariff = document.createElement('span');
  tariff.className = styles.popupTariff ?? '';
  tariff.textContent = props.texts.tariff(branch);
  const open = document.createElement('button');
  open.type = 'button';
  open.className = styles.popupButton ?? '';
  open.textContent = props.texts.open;
  open.dataset.testid = 'map-open-branch';
  open.addEventListener('click', () => props.onOpen?.(branch));
  root.append(name, address, tariff, open);
  return root;
}

/**
 * Branches on a Leaflet map (a lazily loaded chunk). Tiles come from the settings' tile source; when
 * they fail to load (offline, blocked) the pins stay usable on a plain background and a notice says so.
 */
export default function BranchesMap(props: BranchesMapProps) {
  const { branches, tileUrl, attribution, userPosition, single, height = 460 } = props;
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const [tilesFailed, setTilesFailed] = useState(!tileUrl);

  useEffect(() => {
    if (!element.current) return;
    const instance = L.map(element.current, { scrollWheelZoom: false, zoomControl: true, attributionControl: true });
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
    layer.current = L.layerGroup().addTo(instance);
    map.current = instance;
    instance.getContainer().setAttribute('aria-label', propsRef.current.texts.label);
    return () => {
      instance.remove();
      map.current = null;
      layer.current = null;
    };
  }, [tileUrl, attribution]);

  useEffect(() => {
    const instance = map.current;
    const group = layer.current;
    if (!instance || !group) return;
    group.clearLayers();
    const points: L.LatLngExpression[] = [];
    const labelled = new Set<string>();
    for (const branch of branches) {
      const marker = L.marker([branch.latitude, branch.longitude], {
        icon: markerIcon(!!single),
        title: branch.name,
        alt: branch.name,
        keyboard: true,
        riseOnHover: true,
      });
      if (!single) marker.bindPopup(() => popupContent(branch, propsRef.current), { closeButton: true, autoPanPadding: [24, 24] });
      // Without the map background, city names (once per city) keep the pins readable.
      if (tilesFailed && !single && !labelled.has(branch.city)) {
        labelled.add(branch.city);
        marker.bindTooltip(branch.city, { permanent: true, direction: 'right', offset: [14, -20], className: styles.label ?? '' });
      }
      marker.addTo(group);
      marker.getElement()?.setAttribute('aria-label', branch.name);
      marker.getElement()?.setAttribute('data-testid', `map-marker-${branch.id}`);
      points.push([branch.latitude, branch.longitude]);
    }
    if (userPosition) {
      L.circleMarker([userPosition.latitude, userPosition.longitude], {
        radius: 8,
        color: '#fff',
        weight: 3,
        fillColor: '#2563eb',
        fillOpacity: 1,
      })
        .bindTooltip(propsRef.current.texts.you)
        .addTo(group);
    }
    if (points.length === 1) instance.setView(points[0]!, single ? 15 : 12);
    else if (points.length > 1) instance.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: 13 });
  }, [branches, userPosition, single, tilesFailed]);

  return (
    <div className={`${styles.wrap} ${tilesFailed ? styles.noTiles : ''}`} style={{ '--map-height': `${height}px` } as CSSProperties}>
      <div ref={element} className={styles.map} data-testid="branches-map" />
      {tilesFailed && (
        <p className={styles.notice} role="status">
          {props.texts.tilesFailed}
        </p>
      )}
    </div>
  );
}
