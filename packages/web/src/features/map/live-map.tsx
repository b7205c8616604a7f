import { Center, Loader, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import type { DrivingEvent, ItemKey } from "@vigia/domain";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCompanyBaseMap } from "../../kit/map/use-base-map.ts";
import { useCompany } from "../../platform/company/index.ts";
import { liveAlert } from "../../platform/live/live-client.ts";
import { exposeLiveForDebug } from "../../platform/live/live-debug.ts";
import { useLiveSend } from "../../platform/live/live-send.tsx";
import { type LiveKey, liveItems, parseKey } from "../../platform/live/store.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { planCanvas } from "../indoor/index.ts";
import { HeatmapTool } from "../insights/index.ts";
import { allowedGroups, buildCatalog } from "./catalog.ts";
import { DetailPanel } from "./detail-panel.tsx";
import { DriverPanel } from "./driver-panel.tsx";
import type { MapView } from "./features.ts";
import { useMapSettings } from "./hooks.ts";
import { IndoorLayer } from "./indoor-layer.ts";
import { ItemListPanel } from "./item-list-panel.tsx";
import { LevelSelector } from "./level-selector.tsx";
import { MapController, type RouteDrawing } from "./map-controller.ts";
import { parseMapFocus } from "./map-focus.ts";
import { SHEET_SHARE } from "./map-panel-frame.tsx";
import { MapToolbar } from "./map-toolbar.tsx";
import { overlayData } from "./overlays.ts";
import { PlaybackBar } from "./playback/playback-bar.tsx";
import { playbackStore, usePlayback } from "./playback/store.ts";
import { MapToolsMenu } from "./tools/map-tools-menu.tsx";
import { useMarkersLayer } from "./tools/markers-layer.ts";
import { useIndoorLevels } from "./use-indoor-levels.ts";

const SELECT_TYPE = {
  vehicle: ["inVehicle", "outVehicle"],
  asset: ["inAsset", "outAsset"],
  person: ["inPerson", "outPerson"],
} as const;

/** Widths (px) the overlays take from the map, so centring and fitting use the visible part. */
const LIST_INSET = 324;
const DETAIL_INSET = 420;
const TOOLBAR_INSET = 56;
/** Phone-sized screens: the detail panel is a bottom sheet over the lower part of the map. */
const NARROW_QUERY = "(max-width: 600px)";

/** The live map with its item list, detail panel and map tools (loaded on demand by LiveMapPage). */
export function LiveMap() {
  const { t, i18n } = useTranslation();
  const { companyId, info, data } = useCompany();
  const { timezone } = useTimezone();
  const [settings, setSettings] = useMapSettings(companyId);
  const [groupIds, setGroupIds] = useState<number[]>([]);
  const [selected, setSelected] = useState<LiveKey | null>(null);
  const [selectedDriver, setSelectedDriver] = useState<number | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  const [listOpen, setListOpen] = useState(() => !window.matchMedia?.(NARROW_QUERY).matches);
  const [follow, setFollow] = useState(false);
  const container = useRef<HTMLDivElement | null>(null);
  const controller = useRef<MapController | null>(null);
  const selectedRef = useRef<LiveKey | null>(null);
  const send = useLiveSend();

  const { vehicles, assets, persons, groups, drivers, pois, geozones } = data;
  const catalog = useMemo(
    () => buildCatalog({ vehicles, assets, persons, groups, drivers }),
    [vehicles, assets, persons, groups, drivers],
  );
  const allowed = useMemo(() => allowedGroups(catalog.groups, groupIds), [catalog.groups, groupIds]);
  const { filters, config } = settings;
  const indoor = useIndoorLevels(data.imaps);
  const kinds = useMemo<Record<ItemKey, boolean>>(
    () => ({ vehicle: filters.vehicles, asset: filters.assets, person: filters.persons }),
    [filters.vehicles, filters.assets, filters.persons],
  );
  const view = useMemo<MapView>(
    () => ({
      kinds,
      groups: allowed,
      showNames: filters.showListName,
      showDrivers: filters.drivers,
      hiddenIndoors: indoor.hidden,
    }),
    [kinds, allowed, filters.showListName, filters.drivers, indoor.hidden],
  );

  const select = useCallback(
    (key: LiveKey | null) => {
      const previous = selectedRef.current;
      if (previous === key) return;
      if (previous) {
        const { kind, id } = parseKey(previous);
        send({ type: SELECT_TYPE[kind][1], data: { id } });
      }
      if (key) {
        const { kind, id } = parseKey(key);
        send({ type: SELECT_TYPE[kind][0], data: { id } });
      }
      selectedRef.current = key;
      setSelected(key);
      controller.current?.select(key);
      if (key) {
        setSelectedDriver(null);
        controller.current?.selectDriver(null);
      }
      // On a phone the list would cover the map the item is shown on.
      if (key && window.matchMedia?.(NARROW_QUERY).matches) setListOpen(false);
    },
    [send],
  );
  // A driver's panel takes the place of an item's: one detail panel at a time.
  const selectDriver = useCallback(
    (driverId: number | null) => {
      if (driverId !== null) select(null);
      setSelectedDriver(driverId);
      controller.current?.selectDriver(driverId);
      if (driverId !== null && window.matchMedia?.(NARROW_QUERY).matches) setListOpen(false);
    },
    [select],
  );

  const center = info?.centroId?.pos ?? null;
  // Read once: the link an alarm mail opened the app with.
  const [focus] = useState(() => parseMapFocus(window.location.search));
  // The map is created once; live data reaches it through the store, never through React props.
  useEffect(() => {
    if (!container.current) return;
    let map: MapController;
    try {
      map = new MapController({
        container: container.current,
        center,
        focus: focus ? { lat: focus.lat, lng: focus.lng, label: t("commands.alarmHere") } : null,
        store: liveItems,
        onSelect: (key) => select(key),
        onSelectDriver: (driverId) => selectDriver(driverId),
        onFollowEnd: () => setFollow(false),
      });
    } catch (error) {
      // No WebGL (old browser, GPU blocked): the list and detail still work without the map.
      console.warn("map unavailable:", error);
      setFailed(true);
      return;
    }
    controller.current = map;
    map.map.once("load", () => setReady(true));
    exposeLiveForDebug();
    return () => {
      map.destroy();
      controller.current = null;
      setReady(false);
    };
  }, [select, selectDriver]);

  // The company's base map, swapped in place when it (or the list of providers) arrives or changes.
  useCompanyBaseMap(ready ? (controller.current?.map ?? null) : null);

  // Turning a screen narrow (or opening on a phone) with an item selected: the sheet, not the list, shows.
  useEffect(() => {
    if (narrow && selectedRef.current) setListOpen(false);
  }, [narrow]);

  useEffect(() => {
    if (!ready) return;
    const height = container.current?.clientHeight ?? 0;
    const panel = selected !== null || selectedDriver !== null;
    if (narrow) controller.current?.setInsets(0, 0, panel ? Math.round(height * SHEET_SHARE) : 0);
    else controller.current?.setInsets(listOpen ? LIST_INSET : 0, panel ? DETAIL_INSET : TOOLBAR_INSET);
  }, [ready, listOpen, selected, selectedDriver, narrow]);

  // Follow mode ends with the selection (closing the panel); it carries over to another selected item.
  useEffect(() => {
    if (!selected) setFollow(false);
  }, [selected]);
  useEffect(() => {
    if (ready) controller.current?.setFollow(follow);
  }, [ready, follow, selected]);

  useEffect(() => {
    if (ready) controller.current?.setContext(catalog, view, config.cluster);
  }, [ready, catalog, view, config.cluster]);

  useEffect(() => {
    if (!ready) return;
    const { pois: poiData, geozones: zoneData } = overlayData(pois, geozones);
    controller.current?.setOverlays(poiData, zoneData);
    controller.current?.setLayerVisible(["pois"], filters.pois);
    controller.current?.setLayerVisible(["geozones-fill", "geozones-line"], filters.geozones);
  }, [ready, pois, geozones, filters.pois, filters.geozones]);

  // The user's own and the company's shared markers (map tools, add marker).
  useMarkersLayer(ready ? (controller.current?.map ?? null) : null, companyId);

  const indoorLayer = useRef<IndoorLayer | null>(null);
  useEffect(() => {
    const map = controller.current?.map;
    if (!ready || !map) return;
    indoorLayer.current ??= new IndoorLayer(map, (url) => planCanvas(url, companyId ?? 0));
    indoorLayer.current.sync(indoor.shown);
  }, [ready, indoor.shown, companyId]);
  useEffect(() => {
    if (!ready) indoorLayer.current = null;
  }, [ready]);

  useEffect(() => {
    send({ type: "userInMap", data: { value: true } });
    return () => send({ type: "userInMap", data: { value: false } });
  }, [send]);

  const changeGroups = useCallback(
    (ids: number[]) => {
      setGroupIds(ids);
      send({ type: "mapGroupsSelected", data: { ids } });
    },
    [send],
  );

  useEffect(
    () =>
      liveAlert.subscribe(() => {
        const alert = liveAlert.get();
        if (alert) notifications.show({ message: alert.text, color: "blue" });
      }),
    [],
  );

  const drawRoute = useCallback((route: RouteDrawing | null, events: DrivingEvent[]) => {
    controller.current?.setRoute(route, events);
  }, []);
  // History playback belongs to the selected item: another selection ends it.
  const playback = usePlayback();
  useEffect(() => {
    if (playbackStore.get() && playbackStore.get()?.key !== selected) playbackStore.close();
  }, [selected]);
  const drawPlayback = useCallback((route: RouteDrawing | null) => {
    controller.current?.setRoute(route, route?.events ?? []);
  }, []);
  const getMap = useCallback(() => controller.current?.map ?? null, []);
  const drawCursor = useCallback((point: { lat: number; lng: number } | null) => {
    controller.current?.setPlaybackCursor(point);
  }, []);

  // What floats over the map keeps clear of the item list on its left.
  const leftInset = narrow ? 8 : listOpen ? LIST_INSET + 12 : 12;

  return (
    <div
      data-testid="live-map"
      style={{
        position: "relative",
        flex: 1,
        minHeight: 420,
        margin: "calc(-1 * var(--mantine-spacing-md))",
      }}
    >
      <div ref={container} style={{ position: "absolute", inset: 0 }} data-testid="live-map-canvas" />
      {!ready && (
        <Center style={{ position: "absolute", inset: 0, pointerEvents: "none" }}>
          {failed ? (
            <Text c="dimmed" size="sm" data-testid="map-unavailable">
              {t("map.unavailable")}
            </Text>
          ) : (
            <Loader size="sm" aria-label={t("map.loading")} />
          )}
        </Center>
      )}
      <ItemListPanel
        catalog={catalog}
        kinds={kinds}
        allowed={allowed}
        groupIds={groupIds}
        onGroupsChange={changeGroups}
        selected={selected}
        onSelect={select}
        showDrivers={filters.drivers}
        selectedDriver={selectedDriver}
        onSelectDriver={selectDriver}
        open={listOpen}
        onOpenChange={setListOpen}
      />
      <LevelSelector
        buildings={indoor.buildings}
        choice={indoor.choice}
        onChange={indoor.choose}
        onFocus={(building) => {
          const b = indoor.bounds(building);
          if (b) controller.current?.map.fitBounds(b, { padding: 40, duration: 0, maxZoom: 20 });
        }}
        left={leftInset}
        // Below the closed list's open button, which sits at the same corner.
        top={listOpen && !narrow ? 12 : 64}
      />
      <MapToolbar settings={settings} onChange={setSettings} onFitAll={() => controller.current?.fitAll()} />
      {companyId !== null && (
        <MapToolsMenu
          companyId={companyId}
          catalog={catalog}
          selected={selected}
          timezone={timezone}
          getMap={getMap}
        />
      )}
      <HeatmapTool map={ready ? (controller.current?.map ?? null) : null} />
      {playback && playback.key === selected && companyId !== null && (
        <PlaybackBar
          companyId={companyId}
          timezone={timezone}
          left={leftInset}
          right={narrow ? 8 : DETAIL_INSET + 12}
          bottom={narrow ? `calc(${SHEET_SHARE * 100}% + 8px)` : 12}
          onDraw={drawPlayback}
          onCursor={drawCursor}
        />
      )}
      {selectedDriver !== null && companyId !== null && (
        <DriverPanel
          driverId={selectedDriver}
          catalog={catalog}
          companyId={companyId}
          timezone={timezone}
          sheet={narrow}
          onClose={() => selectDriver(null)}
          onSelectItem={select}
        />
      )}
      {selected && companyId !== null && (
        <DetailPanel
          itemKey={selected}
          catalog={catalog}
          language={i18n.language}
          companyId={companyId}
          timezone={timezone}
          config={config}
          onRoute={drawRoute}
          sheet={narrow}
          follow={follow}
          onFollowChange={setFollow}
          onClose={() => select(null)}
          getMap={getMap}
        />
      )}
    </div>
  );
}
