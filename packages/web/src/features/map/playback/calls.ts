import { type ItemKey, liveApi } from "@vigia/domain";

/** The playback call of each item kind. */
export function playbackContract(kind: ItemKey) {
  return kind === "vehicle"
    ? liveApi.vehiclePlayback
    : kind === "asset"
      ? liveApi.assetPlayback
      : liveApi.personPlayback;
}

/** The position-at call of each item kind (the sensors at the cursor). */
export function positionAtContract(kind: ItemKey) {
  return kind === "vehicle"
    ? liveApi.vehiclePositionAt
    : kind === "asset"
      ? liveApi.assetPositionAt
      : liveApi.personPositionAt;
}
